/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The x86 guest of tests/migration/migrate-check: a 512-byte boot sector that
 * SeaBIOS loads at 0x7c00. It enters 32-bit protected mode (flat segments, A20 on),
 * prints 'A' on COM1, then forever: adds 1 to the first byte of every 4K page of
 * [TEST_START, TEST_END) in order and prints 'B' after each sweep. A migration that
 * loses a dirty page leaves that page's byte behind its neighbours: migrate-check
 * reads the whole range on the destination and finds it.
 *
 * The range is fixed here and in migrate-check (x86 preset): 1 MiB to 1 MiB +
 * TEST_MB (the guest gets more RAM than that).
 */
#define TEST_START	0x00100000
#define TEST_MB		96
#define TEST_END	(TEST_START + TEST_MB * 0x100000)
#define COM1		0x3f8

	.code16
	.text
	.globl _start
_start:
	cli
	xorw	%ax, %ax
	movw	%ax, %ds
	lgdtl	gdt_desc
	movl	%cr0, %eax
	orl	$1, %eax
	movl	%eax, %cr0
	ljmpl	$0x08, $protected

	.code32
protected:
	movw	$0x10, %ax
	movw	%ax, %ds
	movw	%ax, %es
	movw	%ax, %ss
	inb	$0x92, %al		/* fast A20: above 1 MiB without wrapping */
	orb	$0x02, %al
	andb	$0xfe, %al		/* never the reset bit */
	outb	%al, $0x92
	movw	$COM1, %dx
	movb	$'A', %al
	outb	%al, %dx
sweep:
	movl	$TEST_START, %ebx
page:
	incb	(%ebx)
	addl	$0x1000, %ebx
	cmpl	$TEST_END, %ebx
	jb	page
	movb	$'B', %al
	outb	%al, %dx
	jmp	sweep

	.p2align 3
gdt:
	.quad	0				/* null */
	.quad	0x00cf9a000000ffff		/* 0x08: code, base 0, 4 GiB, 32-bit */
	.quad	0x00cf92000000ffff		/* 0x10: data, base 0, 4 GiB */
gdt_desc:
	.word	gdt_desc - gdt - 1
	.long	gdt

	.org	510
	.byte	0x55, 0xaa
