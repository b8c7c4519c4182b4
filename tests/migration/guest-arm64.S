/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arm64 guest of tests/migration/migrate-check: a bare ELF that QEMU's virt
 * machine starts at EL1 (-kernel). With the MMU off it prints 'A' on the PL011,
 * then forever: adds 1 to the first byte of every 4K page of [TEST_START, TEST_END)
 * in order, cleaning each line to the point of coherency (the MMU is off, so the
 * store bypasses the caches that the host's view of guest memory goes through),
 * and prints 'B' after each sweep. migrate-check reads the whole range on the
 * destination; a lost dirty page shows as a byte behind its neighbours.
 *
 * The range (arm64 preset of migrate-check): RAM base + 2 MiB, TEST_MB long; the
 * first 2 MiB hold this program and the device tree QEMU puts at the RAM base.
 */
#define TEST_START	0x40200000
#define TEST_MB		96
#define UART		0x09000000	/* virt machine's PL011 data register */

	.text
	.globl _start
_start:
	mrs	x0, sctlr_el1
	bic	x0, x0, #1		/* MMU off: guest physical addresses */
	msr	sctlr_el1, x0
	isb
	ldr	x0, =TEST_START
	ldr	x1, =(TEST_START + TEST_MB * 0x100000)
	ldr	x2, =UART
	mov	w3, #'A'
	strb	w3, [x2]
sweep:
	mov	x4, x0
page:
	ldrb	w3, [x4]
	add	w3, w3, #1
	strb	w3, [x4]
	dc	civac, x4
	add	x4, x4, #0x1000
	cmp	x4, x1
	b.lo	page
	mov	w3, #'B'
	strb	w3, [x2]
	b	sweep
	.ltorg
