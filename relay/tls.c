/* See tls.h. OpenSSL with memory BIOs: the records go in and come out through buffers. */
#include "tls.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

/* What one SSL_read takes at a time (a record is at most 16 KB). */
#define TLS_READ_CHUNK 16384

struct altair_relay_tls {
	SSL *ssl;
	BIO *in, *out; /* the peer's records, ours */
	bool server;
	bool failed;
	char failure[256];
};

static void reason(char *out, size_t size, const char *what)
{
	unsigned long code = ERR_peek_last_error();
	char text[200] = "";

	if (code) {
		ERR_error_string_n(code, text, sizeof(text));
	}
	snprintf(out, size, "%s%s%s", what, text[0] ? ": " : "", text);
	ERR_clear_error();
}

altair_relay_tls_context *altair_relay_tls_client_context(const char *ca_file, altair_relay_tls_verify verify,
	const char *cert_file, const char *key_file, char *error, size_t size)
{
	SSL_CTX *context = SSL_CTX_new(TLS_client_method());

	if (!context) {
		reason(error, size, "no TLS context");
		return NULL;
	}
	SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
	SSL_CTX_set_mode(context, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
	SSL_CTX_set_session_cache_mode(context, SSL_SESS_CACHE_OFF);
	if (verify != ALTAIR_RELAY_TLS_VERIFY_NONE) {
		int loaded = ca_file && *ca_file ? SSL_CTX_load_verify_locations(context, ca_file, NULL)
		                                 : SSL_CTX_set_default_verify_paths(context);
		if (loaded != 1) {
			char what[300];
			snprintf(what, sizeof(what), "the CA file %s could not be read", ca_file && *ca_file ? ca_file : "(the system's)");
			reason(error, size, what);
			SSL_CTX_free(context);
			return NULL;
		}
		SSL_CTX_set_verify(context, SSL_VERIFY_PEER, NULL);
	} else {
		SSL_CTX_set_verify(context, SSL_VERIFY_NONE, NULL);
	}
	if (cert_file && *cert_file
		&& (SSL_CTX_use_certificate_chain_file(context, cert_file) != 1
			|| SSL_CTX_use_PrivateKey_file(context, key_file && *key_file ? key_file : cert_file, SSL_FILETYPE_PEM) != 1)) {
		char what[300];
		snprintf(what, sizeof(what), "the client certificate %s could not be read", cert_file);
		reason(error, size, what);
		SSL_CTX_free(context);
		return NULL;
	}
	return context;
}

altair_relay_tls_context *altair_relay_tls_server_context(const char *chain_pem, size_t chain_length, const char *key_pem,
	size_t key_length)
{
	SSL_CTX *context = SSL_CTX_new(TLS_server_method());
	BIO *chain = BIO_new_mem_buf(chain_pem, (int) chain_length);
	BIO *key = BIO_new_mem_buf(key_pem, (int) key_length);
	X509 *certificate = chain ? PEM_read_bio_X509(chain, NULL, NULL, NULL) : NULL;
	EVP_PKEY *private_key = key ? PEM_read_bio_PrivateKey(key, NULL, NULL, NULL) : NULL;
	bool ok = context && certificate && private_key && SSL_CTX_use_certificate(context, certificate) == 1
		&& SSL_CTX_use_PrivateKey(context, private_key) == 1 && SSL_CTX_check_private_key(context) == 1;
	X509 *extra;

	while (ok && chain && (extra = PEM_read_bio_X509(chain, NULL, NULL, NULL))) {
		if (SSL_CTX_add_extra_chain_cert(context, extra) != 1) { /* takes it on success */
			X509_free(extra);
			ok = false;
		}
	}
	ERR_clear_error(); /* the end of the chain reads as an error */
	X509_free(certificate);
	EVP_PKEY_free(private_key);
	BIO_free(chain);
	BIO_free(key);
	if (!ok) {
		SSL_CTX_free(context);
		return NULL;
	}
	SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
	SSL_CTX_set_mode(context, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
	SSL_CTX_set_session_cache_mode(context, SSL_SESS_CACHE_OFF);
	SSL_CTX_set_options(context, SSL_OP_NO_TICKET);
	/* TLS 1.3 sends session tickets after the handshake anyway unless told none. */
	SSL_CTX_set_num_tickets(context, 0);
	return context;
}

void altair_relay_tls_context_free(altair_relay_tls_context *context)
{
	SSL_CTX_free(context);
}

static altair_relay_tls *tls_new(altair_relay_tls_context *context, bool server)
{
	altair_relay_tls *tls = calloc(1, sizeof(*tls));

	if (!tls) {
		return NULL;
	}
	tls->server = server;
	tls->ssl = SSL_new(context);
	tls->in = BIO_new(BIO_s_mem());
	tls->out = BIO_new(BIO_s_mem());
	if (!tls->ssl || !tls->in || !tls->out) {
		BIO_free(tls->in);
		BIO_free(tls->out);
		SSL_free(tls->ssl);
		free(tls);
		ERR_clear_error();
		return NULL;
	}
	/* An empty memory BIO says "retry" rather than end of file. */
	BIO_set_mem_eof_return(tls->in, -1);
	BIO_set_mem_eof_return(tls->out, -1);
	SSL_set_bio(tls->ssl, tls->in, tls->out);
	if (server) {
		SSL_set_accept_state(tls->ssl);
	} else {
		SSL_set_connect_state(tls->ssl);
	}
	return tls;
}

altair_relay_tls *altair_relay_tls_connect(altair_relay_tls_context *context, altair_relay_tls_verify verify, const char *name)
{
	altair_relay_tls *tls = tls_new(context, false);
	unsigned char address[16];
	bool ip = name && (inet_pton(AF_INET, name, address) == 1 || inet_pton(AF_INET6, name, address) == 1);

	if (!tls) {
		return NULL;
	}
	if (name && *name && !ip) {
		SSL_set_tlsext_host_name(tls->ssl, name);
	}
	if (verify == ALTAIR_RELAY_TLS_VERIFY_FULL && name && *name) {
		X509_VERIFY_PARAM *param = SSL_get0_param(tls->ssl);
		int set = ip ? X509_VERIFY_PARAM_set1_ip_asc(param, name) : X509_VERIFY_PARAM_set1_host(param, name, 0);
		X509_VERIFY_PARAM_set_hostflags(param, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
		if (set != 1) {
			altair_relay_tls_free(tls);
			ERR_clear_error();
			return NULL;
		}
	}
	return tls;
}

altair_relay_tls *altair_relay_tls_accept(altair_relay_tls_context *context)
{
	return tls_new(context, true);
}

/* Moves what OpenSSL wrote into wire. */
static bool drain(altair_relay_tls *tls, altair_relay_buf *wire)
{
	char *data;
	long pending = BIO_get_mem_data(tls->out, &data);

	if (pending > 0) {
		if (!altair_relay_buf_append(wire, data, (size_t) pending)) {
			return false;
		}
		(void) BIO_reset(tls->out);
	}
	return true;
}

static altair_relay_tls_result failed(altair_relay_tls *tls)
{
	long verified = tls->server ? X509_V_OK : SSL_get_verify_result(tls->ssl);

	if (!tls->failed) {
		tls->failed = true;
		if (verified != X509_V_OK) {
			snprintf(tls->failure, sizeof(tls->failure), "certificate verify failed: %s", X509_verify_cert_error_string(verified));
			ERR_clear_error();
		} else {
			reason(tls->failure, sizeof(tls->failure), "TLS failed");
		}
	}
	return ALTAIR_RELAY_TLS_FAILED;
}

/* What an SSL call's result means here: go on (it wants more records, or did its part), the
 * peer closed, or a failure. */
static altair_relay_tls_result step(altair_relay_tls *tls, int result)
{
	switch (SSL_get_error(tls->ssl, result)) {
		case SSL_ERROR_NONE:
		case SSL_ERROR_WANT_READ:
		case SSL_ERROR_WANT_WRITE:
			return ALTAIR_RELAY_TLS_OK;
		case SSL_ERROR_ZERO_RETURN:
			return ALTAIR_RELAY_TLS_CLOSED;
		default:
			return failed(tls);
	}
}

altair_relay_tls_result altair_relay_tls_receive(altair_relay_tls *tls, const unsigned char *bytes, size_t length,
	altair_relay_buf *plain, altair_relay_buf *wire)
{
	unsigned char chunk[TLS_READ_CHUNK];
	altair_relay_tls_result result = ALTAIR_RELAY_TLS_OK;

	if (tls->failed) {
		return ALTAIR_RELAY_TLS_FAILED;
	}
	if (length > 0 && BIO_write(tls->in, bytes, (int) length) != (int) length) {
		return failed(tls);
	}
	if (!SSL_is_init_finished(tls->ssl)) {
		result = step(tls, SSL_do_handshake(tls->ssl));
	}
	while (result == ALTAIR_RELAY_TLS_OK && SSL_is_init_finished(tls->ssl)) {
		int n = SSL_read(tls->ssl, chunk, sizeof(chunk));
		if (n <= 0) {
			result = step(tls, n);
			break;
		}
		if (!altair_relay_buf_append(plain, chunk, (size_t) n)) {
			return ALTAIR_RELAY_TLS_FAILED;
		}
	}
	if (!drain(tls, wire)) {
		return ALTAIR_RELAY_TLS_FAILED;
	}
	return result;
}

altair_relay_tls_result altair_relay_tls_send(altair_relay_tls *tls, altair_relay_buf *plain, altair_relay_buf *wire)
{
	altair_relay_tls_result result = ALTAIR_RELAY_TLS_OK;

	if (tls->failed) {
		return ALTAIR_RELAY_TLS_FAILED;
	}
	if (!SSL_is_init_finished(tls->ssl)) {
		result = step(tls, SSL_do_handshake(tls->ssl));
	}
	while (result == ALTAIR_RELAY_TLS_OK && SSL_is_init_finished(tls->ssl) && plain->length > 0) {
		size_t written = 0;
		int ok = SSL_write_ex(tls->ssl, plain->data, plain->length, &written);
		if (ok != 1) {
			result = step(tls, ok);
			break;
		}
		altair_relay_buf_consume(plain, written);
	}
	if (!drain(tls, wire)) {
		return ALTAIR_RELAY_TLS_FAILED;
	}
	return result;
}

bool altair_relay_tls_established(const altair_relay_tls *tls)
{
	return tls && !tls->failed && SSL_is_init_finished(tls->ssl);
}

const char *altair_relay_tls_failure(const altair_relay_tls *tls)
{
	return tls ? tls->failure : "";
}

void altair_relay_tls_free(altair_relay_tls *tls)
{
	if (tls) {
		SSL_free(tls->ssl); /* frees the BIOs it was given */
		free(tls);
	}
}
