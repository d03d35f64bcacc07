/*
 * TLS on one leg of a relayed connection (docs/ARCHITECTURE.md, "The database relay", TLS): OpenSSL
 * over byte buffers, no socket and no Zend API, as the engines are, so that a fuzzer under ASAN
 * feeds it arbitrary records (tests/relay/tls/fuzz). The host's relay loop (runner/relay_tls.c)
 * hands it what a socket read and writes out what it queued.
 *
 * Two roles. Toward a server the relay is a TLS client with the app's own verification settings
 * (its CA file or the system's store, whether the chain and the host name are checked). Toward the
 * child it is a TLS server presenting a certificate the relay issued itself for the names the app
 * connects to (relay/tls_cert.c), which the child's driver accepts because its CA setting, in the
 * child's view only, holds the relay's CA too (docs/relay.md, "TLS").
 */
#ifndef ALTAIR_RELAY_TLS_H
#define ALTAIR_RELAY_TLS_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

/* OpenSSL's SSL_CTX, by its own tag: users of this header need no OpenSSL header. */
typedef struct ssl_ctx_st altair_relay_tls_context;
typedef struct altair_relay_tls altair_relay_tls;

/* How the relay checks a server's certificate: the app's own setting, never more lenient. */
typedef enum {
	/* Encrypted, the certificate not checked (libpq's sslmode=require and prefer without a root
	 * certificate; mysqlnd asked for TLS without a CA, or told not to verify; rediss:// with
	 * verify_peer off). */
	ALTAIR_RELAY_TLS_VERIFY_NONE = 0,
	/* Issued by a trusted CA (sslmode=verify-ca). */
	ALTAIR_RELAY_TLS_VERIFY_CA,
	/* ... and naming the host the app connects to (sslmode=verify-full; mysqlnd with a CA, which
	 * checks the peer's name too; PHP streams' verify_peer). */
	ALTAIR_RELAY_TLS_VERIFY_FULL,
} altair_relay_tls_verify;

typedef enum {
	ALTAIR_RELAY_TLS_OK = 0,
	ALTAIR_RELAY_TLS_CLOSED, /* the peer's close_notify: no more records come */
	ALTAIR_RELAY_TLS_FAILED, /* the handshake or a record failed: altair_relay_tls_failure() says why */
} altair_relay_tls_result;

/* A context for the relay's connections to servers: trust anchors from ca_file (PEM) or, NULL, the
 * system's default store; a client certificate and key (PEM files) when the app presents one. NULL
 * on failure, with the reason in error. */
altair_relay_tls_context *altair_relay_tls_client_context(const char *ca_file, altair_relay_tls_verify verify,
	const char *cert_file, const char *key_file, char *error, size_t size);
/* A context presenting a certificate chain and its key (PEM, in memory) to clients. NULL on failure. */
altair_relay_tls_context *altair_relay_tls_server_context(const char *chain_pem, size_t chain_length, const char *key_pem,
	size_t key_length);
void altair_relay_tls_context_free(altair_relay_tls_context *context);

/* A client connection to a server: name is what the server is called (SNI when it is a DNS name,
 * and the name its certificate must carry with ALTAIR_RELAY_TLS_VERIFY_FULL: a DNS name or an IP
 * address); NULL on allocation failure. */
altair_relay_tls *altair_relay_tls_connect(altair_relay_tls_context *context, altair_relay_tls_verify verify, const char *name);
/* A server connection toward a client. */
altair_relay_tls *altair_relay_tls_accept(altair_relay_tls_context *context);

/* Records the peer sent, in any split: what they decrypt to is appended to plain, what the
 * handshake answers to wire (to be written to the peer). */
altair_relay_tls_result altair_relay_tls_receive(altair_relay_tls *tls, const unsigned char *bytes, size_t length,
	altair_relay_buf *plain, altair_relay_buf *wire);
/* Plaintext to send, taken from plain as records once the handshake is done (until then it waits
 * there), appended to wire; the handshake's own first message (a client's hello) too. */
altair_relay_tls_result altair_relay_tls_send(altair_relay_tls *tls, altair_relay_buf *plain, altair_relay_buf *wire);
bool altair_relay_tls_established(const altair_relay_tls *tls);
/* Why it failed ("certificate verify failed: unable to get local issuer certificate", "the server's
 * certificate does not name db.example.com"…), or "" when it did not. */
const char *altair_relay_tls_failure(const altair_relay_tls *tls);
void altair_relay_tls_free(altair_relay_tls *tls);

#endif
