/*
 * The relay's own certificate authority (docs/relay.md, "TLS"): what the relay presents to a child
 * whose driver asks for TLS. A key made in the host's memory when the first evaluation needs it,
 * never written anywhere, and a self-signed CA certificate that the child's view adds to the CA file
 * the app's configuration names (the file bound there holds that file's own certificates and this
 * one: runner/relay_tls.c, guest/lockdown/mount.c). The relay issues, from it, a certificate for the
 * names and addresses the app connects to. The child can read the CA certificate, never its key: it
 * trusts the relay for what its configuration points at, and nothing it could not reach anyway.
 * Plain C over OpenSSL, no Zend API.
 */
#ifndef ALTAIR_RELAY_TLS_CERT_H
#define ALTAIR_RELAY_TLS_CERT_H

#include <stddef.h>
#include <time.h>

#include "tls.h"

typedef struct altair_relay_tls_ca altair_relay_tls_ca;

/* How long the CA certificate is valid, and the relay's certificates it issues (from an hour
 * before they are made: clocks differ). */
#define ALTAIR_RELAY_TLS_CA_DAYS 30
#define ALTAIR_RELAY_TLS_LEAF_DAYS 2

/* A new CA (an EC P-256 key and its self-signed certificate); NULL on failure. */
altair_relay_tls_ca *altair_relay_tls_ca_new(void);
/* Its certificate as PEM (what the child's CA file gets), valid while the CA lives. */
const char *altair_relay_tls_ca_pem(const altair_relay_tls_ca *ca, size_t *length);
/* When it was made. */
time_t altair_relay_tls_ca_made(const altair_relay_tls_ca *ca);
/* A server context presenting a certificate the CA issued now for names: DNS names and IPv4 or
 * IPv6 addresses, each in the subject alternative names (at least one); NULL on failure. */
altair_relay_tls_context *altair_relay_tls_ca_issue(altair_relay_tls_ca *ca, const char *const *names, size_t count);
void altair_relay_tls_ca_free(altair_relay_tls_ca *ca);

#endif
