# signing-lib.sh: what the signing scripts share (sourced after scripts/lib.sh by
# scripts/sign-modules, sign-kernel-image, package-deb, package-kernel-deb and the
# Secure Boot lanes' tests/vm/vm-lib.sh).

# cert_form CERT: PEM or DER, the form openssl reads CERT in; dies when it is neither.
# -inform is given both times: without it OpenSSL 3 reads either form, but its -pubkey
# and -outform do not, so "it parsed" would not tell which -inform the others need.
cert_form() {
	if openssl x509 -inform PEM -in "$1" -noout 2>/dev/null; then echo PEM
	elif openssl x509 -inform DER -in "$1" -noout 2>/dev/null; then echo DER
	else die "$1: not an X.509 certificate (PEM or DER)"
	fi
}

# cert_signer_name CERT: the name the kernel and modinfo give the certificate's owner:
# its subject's CN, else its O (ovmf's test certificate has only O=SnakeOil).
cert_signer_name() {
	local form name
	form=$(cert_form "$1")
	name=$(openssl x509 -inform "$form" -in "$1" -noout -subject -nameopt multiline | sed -n 's/^ *commonName *= *//p')
	[ -n "$name" ] || name=$(openssl x509 -inform "$form" -in "$1" -noout -subject -nameopt multiline | sed -n 's/^ *organizationName *= *//p')
	printf '%s\n' "$name"
}

# check_key_pair KEY CERT WHAT: KEY (PEM, no pass phrase) and CERT must be readable and
# belong together; WHAT names them in the error ("module signing", "Secure Boot signing").
check_key_pair() {
	local key=$1 cert=$2 what=$3 certpub keypub
	[ -r "$key" ] || die "$key: $what key not readable"
	[ -r "$cert" ] || die "$cert: $what certificate not readable"
	certpub=$(openssl x509 -inform "$(cert_form "$cert")" -in "$cert" -noout -pubkey 2>/dev/null)
	keypub=$(openssl pkey -in "$key" -pubout 2>/dev/null) || die "$key: not a PEM private key openssl can read (without a pass phrase)"
	[ "$certpub" = "$keypub" ] || die "$key and $cert do not belong together: the certificate's public key is not the key's"
}
