#!/usr/bin/env bash
# Certificates for the test servers' TLS (docs/relay.md, "TLS"), made fresh in DIR by the scripts
# that start them (tests/servers/*.sh):
#
#   tests/servers/certs.sh DIR [OWNER]
#
# DIR/ca.pem          a CA of the test's own (its key ca.key stays in DIR)
# DIR/server.pem/.key the server's certificate from that CA, for localhost, 127.0.0.1 and ::1
# DIR/wrong.pem/.key  a certificate from the same CA for another name only (wrong.altair.test): a
#                     client checking the chain accepts it (sslmode=verify-ca), one checking the
#                     name too refuses it (verify-full, mysqlnd with a CA, PHP's streams)
# DIR/other-ca.pem    a second CA that signed nothing the servers present
# OWNER (a user name): the keys are given to it (the servers refuse a key others can read).
set -euo pipefail
source "$(cd "$(dirname "$0")" && pwd)/../../scripts/lib.sh"

[ $# -ge 1 ] || { echo "usage: $0 DIR [OWNER]" >&2; exit 2; }
dir=$1
owner=${2:-}
command -v openssl >/dev/null || apt_install openssl
mkdir -p "$dir"
cd "$dir"

make_ca() { # NAME
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$1.key" -out "$1.pem" -days 3 \
    -subj "/O=altair_eval tests/CN=$1" -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign \
    >/dev/null 2>&1
}

leaf() { # NAME SUBJECT-ALT-NAMES
  openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$1.key" -out "$1.csr" -subj "/O=altair_eval tests/CN=$1" \
    >/dev/null 2>&1
  printf 'subjectAltName=%s\nbasicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n' "$2" >"$1.ext"
  openssl x509 -req -in "$1.csr" -CA ca.pem -CAkey ca.key -CAcreateserial -days 3 -sha256 -extfile "$1.ext" -out "$1.pem" >/dev/null 2>&1
  rm -f "$1.csr" "$1.ext"
}

make_ca ca
make_ca other-ca
leaf server "DNS:localhost,IP:127.0.0.1,IP:::1"
leaf wrong "DNS:wrong.altair.test"
chmod 644 ./*.pem
chmod 600 ./*.key
if [ -n "$owner" ]; then
  chown "$owner" server.key wrong.key server.pem wrong.pem
fi
