/* See auth.h: SCRAM-SHA-256 (RFC 5802, RFC 7677, as PostgreSQL speaks it), md5 and cleartext. */
#include "auth.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#define SCRAM_MECHANISM "SCRAM-SHA-256"
/* base64 of "n,," and "y,,": the channel binding headers the relay accepts (it offers no -PLUS). */
#define SCRAM_GS2_NONE "biws"
#define SCRAM_GS2_UNSUPPORTED "eSws"

static bool put(altair_relay_buf *out, const void *bytes, size_t length)
{
	return altair_relay_buf_append(out, bytes, length);
}

static void put_u32(altair_relay_buf *out, uint32_t value)
{
	unsigned char bytes[4] = {(unsigned char) (value >> 24), (unsigned char) (value >> 16), (unsigned char) (value >> 8),
		(unsigned char) value};
	put(out, bytes, 4);
}

static uint32_t u32(const unsigned char *p)
{
	return (uint32_t) p[0] << 24 | (uint32_t) p[1] << 16 | (uint32_t) p[2] << 8 | p[3];
}

bool altair_pgsql_auth_password_usable(const char *password)
{
	for (const unsigned char *p = (const unsigned char *) password; password && *p; p++) {
		if (*p >= 0x80) {
			return false;
		}
	}
	return password != NULL;
}

static bool random_base64(char *out, size_t size)
{
	unsigned char bytes[ALTAIR_PGSQL_SCRAM_NONCE];

	if (size < 4 * ((sizeof(bytes) + 2) / 3) + 1 || getrandom(bytes, sizeof(bytes), 0) != (ssize_t) sizeof(bytes)) {
		return false;
	}
	EVP_EncodeBlock((unsigned char *) out, bytes, sizeof(bytes));
	return true;
}

/* base64 of length bytes into out (NUL-terminated); false when it does not fit. */
static bool encode(const unsigned char *bytes, size_t length, char *out, size_t size)
{
	if (4 * ((length + 2) / 3) + 1 > size) {
		return false;
	}
	EVP_EncodeBlock((unsigned char *) out, bytes, (int) length);
	return true;
}

/* The bytes base64 text decodes to; -1 when it is not base64 or does not fit. */
static int decode(const char *text, size_t length, unsigned char *out, size_t size)
{
	unsigned char buffer[ALTAIR_PGSQL_SCRAM_MESSAGE_MAX];
	int decoded;
	size_t padding = 0;

	if (length == 0 || length % 4 != 0 || length / 4 * 3 > sizeof(buffer)) {
		return -1;
	}
	decoded = EVP_DecodeBlock(buffer, (const unsigned char *) text, (int) length);
	padding = (text[length - 1] == '=') + (length >= 2 && text[length - 2] == '=');
	if (decoded < 0 || (size_t) decoded < padding || (size_t) decoded - padding > size) {
		return -1;
	}
	memcpy(out, buffer, (size_t) decoded - padding);
	return decoded - (int) padding;
}

/* An attribute "<name>=<value>" of a SCRAM message at *at (then past its comma); NULL when absent. */
static const char *attribute(const char *message, size_t length, size_t *at, char name, size_t *value_length)
{
	const char *start = message + *at;
	const char *comma;

	if (*at + 2 > length || start[0] != name || start[1] != '=') {
		return NULL;
	}
	comma = memchr(start, ',', length - *at);
	*value_length = (comma ? (size_t) (comma - start) : length - *at) - 2;
	*at += *value_length + 2 + (comma ? 1 : 0);
	return start + 2;
}

static bool hmac(const unsigned char *key, size_t key_length, const void *data, size_t length, unsigned char out[ALTAIR_PGSQL_SCRAM_KEY])
{
	unsigned int size = ALTAIR_PGSQL_SCRAM_KEY;
	return HMAC(EVP_sha256(), key, (int) key_length, data, length, out, &size) != NULL && size == ALTAIR_PGSQL_SCRAM_KEY;
}

static bool sha256(const unsigned char *data, size_t length, unsigned char out[ALTAIR_PGSQL_SCRAM_KEY])
{
	unsigned int size = ALTAIR_PGSQL_SCRAM_KEY;
	return EVP_Digest(data, length, out, &size, EVP_sha256(), NULL) == 1 && size == ALTAIR_PGSQL_SCRAM_KEY;
}

/* ClientKey, StoredKey and ServerKey of a password for a salt and count. */
static bool scram_keys(const char *password, const unsigned char *salt, size_t salt_length, int iterations,
	unsigned char client_key[ALTAIR_PGSQL_SCRAM_KEY], unsigned char stored_key[ALTAIR_PGSQL_SCRAM_KEY],
	unsigned char server_key[ALTAIR_PGSQL_SCRAM_KEY])
{
	unsigned char salted[ALTAIR_PGSQL_SCRAM_KEY];
	bool ok = PKCS5_PBKDF2_HMAC(password, (int) strlen(password), salt, (int) salt_length, iterations, EVP_sha256(), sizeof(salted),
		          salted) == 1
		&& hmac(salted, sizeof(salted), "Client Key", 10, client_key) && sha256(client_key, ALTAIR_PGSQL_SCRAM_KEY, stored_key)
		&& hmac(salted, sizeof(salted), "Server Key", 10, server_key);
	OPENSSL_cleanse(salted, sizeof(salted));
	return ok;
}

/* md5 + hex(md5(hex(md5(password || user)) || salt)), as PostgreSQL's md5 method hashes it. */
static bool md5_response(const char *user, const char *password, const unsigned char salt[4], char out[36])
{
	unsigned char digest[16], inner[32 + 4];
	unsigned int size = 0;
	EVP_MD_CTX *context = EVP_MD_CTX_new();
	bool ok = context && EVP_DigestInit_ex(context, EVP_md5(), NULL) == 1
		&& EVP_DigestUpdate(context, password, strlen(password)) == 1 && EVP_DigestUpdate(context, user, strlen(user)) == 1
		&& EVP_DigestFinal_ex(context, digest, &size) == 1;

	for (size_t i = 0; ok && i < 16; i++) {
		snprintf((char *) inner + 2 * i, 3, "%02x", digest[i]);
	}
	memcpy(inner + 32, salt, 4);
	ok = ok && EVP_DigestInit_ex(context, EVP_md5(), NULL) == 1 && EVP_DigestUpdate(context, inner, sizeof(inner)) == 1
		&& EVP_DigestFinal_ex(context, digest, &size) == 1;
	EVP_MD_CTX_free(context);
	if (!ok) {
		return false;
	}
	memcpy(out, "md5", 3);
	for (size_t i = 0; i < 16; i++) {
		snprintf(out + 3 + 2 * i, 3, "%02x", digest[i]);
	}
	return true;
}

/* ---- the relay as the server's client ---------------------------------------------------- */

static altair_pgsql_auth_step client_first(altair_pgsql_auth_client *a, const unsigned char *list, size_t length, altair_relay_buf *out)
{
	bool offered = false;
	char message[ALTAIR_PGSQL_SCRAM_MESSAGE_MAX + 4];

	for (size_t at = 0; at < length && list[at];) {
		const unsigned char *end = memchr(list + at, '\0', length - at);
		if (!end) {
			return ALTAIR_PGSQL_AUTH_UNSUPPORTED;
		}
		offered |= (size_t) (end - list - at) == strlen(SCRAM_MECHANISM) && memcmp(list + at, SCRAM_MECHANISM, strlen(SCRAM_MECHANISM)) == 0;
		at = (size_t) (end - list) + 1;
	}
	if (!offered || !random_base64(a->nonce, sizeof(a->nonce))) {
		return ALTAIR_PGSQL_AUTH_UNSUPPORTED;
	}
	/* "n": the relay does not bind to the channel (the server accepts it even where it could). */
	snprintf(a->client_first_bare, sizeof(a->client_first_bare), "n=,r=%s", a->nonce);
	snprintf(message, sizeof(message), "n,,%s", a->client_first_bare);
	put(out, SCRAM_MECHANISM, sizeof(SCRAM_MECHANISM));
	put_u32(out, (uint32_t) strlen(message));
	put(out, message, strlen(message));
	a->step = 1;
	return ALTAIR_PGSQL_AUTH_MORE;
}

static altair_pgsql_auth_step client_final(altair_pgsql_auth_client *a, const char *password, const char *server_first, size_t length,
	altair_relay_buf *out)
{
	size_t at = 0, nonce_length, salt_length, count_length;
	const char *nonce = attribute(server_first, length, &at, 'r', &nonce_length);
	const char *salt_text = nonce ? attribute(server_first, length, &at, 's', &salt_length) : NULL;
	const char *count = salt_text ? attribute(server_first, length, &at, 'i', &count_length) : NULL;
	unsigned char salt[128], client_key[32], stored_key[32], server_key[32], signature[32], proof[32];
	char final_bare[ALTAIR_PGSQL_SCRAM_MESSAGE_MAX], auth_message[3 * ALTAIR_PGSQL_SCRAM_MESSAGE_MAX], proof_text[64], digits[12];
	int salt_bytes, iterations;

	if (!count || count_length == 0 || count_length >= sizeof(digits) || nonce_length <= strlen(a->nonce)
		|| nonce_length >= ALTAIR_PGSQL_SCRAM_MESSAGE_MAX / 2 || strncmp(nonce, a->nonce, strlen(a->nonce)) != 0
		|| length >= ALTAIR_PGSQL_SCRAM_MESSAGE_MAX || (salt_bytes = decode(salt_text, salt_length, salt, sizeof(salt))) <= 0) {
		return ALTAIR_PGSQL_AUTH_REFUSED;
	}
	memcpy(digits, count, count_length);
	digits[count_length] = '\0';
	iterations = atoi(digits);
	if (iterations < 1 || iterations > 10000000) {
		return ALTAIR_PGSQL_AUTH_REFUSED;
	}
	snprintf(final_bare, sizeof(final_bare), "c=" SCRAM_GS2_NONE ",r=%.*s", (int) nonce_length, nonce);
	snprintf(auth_message, sizeof(auth_message), "%s,%.*s,%s", a->client_first_bare, (int) length, server_first, final_bare);
	if (!scram_keys(password, salt, (size_t) salt_bytes, iterations, client_key, stored_key, server_key)
		|| !hmac(stored_key, sizeof(stored_key), auth_message, strlen(auth_message), signature)
		|| !hmac(server_key, sizeof(server_key), auth_message, strlen(auth_message), a->server_signature)) {
		return ALTAIR_PGSQL_AUTH_REFUSED;
	}
	for (size_t i = 0; i < sizeof(proof); i++) {
		proof[i] = client_key[i] ^ signature[i];
	}
	encode(proof, sizeof(proof), proof_text, sizeof(proof_text));
	put(out, final_bare, strlen(final_bare));
	put(out, ",p=", 3);
	put(out, proof_text, strlen(proof_text));
	OPENSSL_cleanse(client_key, sizeof(client_key));
	a->step = 2;
	return ALTAIR_PGSQL_AUTH_MORE;
}

altair_pgsql_auth_step altair_pgsql_auth_answer(altair_pgsql_auth_client *a, const char *user, const char *password,
	const unsigned char *request, size_t length, altair_relay_buf *out)
{
	uint32_t code = length >= 4 ? u32(request) : 0xffffffffu;
	const unsigned char *body = request + 4;
	size_t size = length >= 4 ? length - 4 : 0;

	switch (code) {
		case ALTAIR_PGSQL_AUTH_OK:
			return a->step == 0 || a->step == 3 ? ALTAIR_PGSQL_AUTH_DONE : ALTAIR_PGSQL_AUTH_REFUSED;
		case ALTAIR_PGSQL_AUTH_CLEARTEXT:
			put(out, password, strlen(password) + 1);
			return ALTAIR_PGSQL_AUTH_MORE;
		case ALTAIR_PGSQL_AUTH_MD5: {
			char response[36];
			if (size != 4 || !md5_response(user, password, body, response)) {
				return ALTAIR_PGSQL_AUTH_REFUSED;
			}
			put(out, response, sizeof(response));
			return ALTAIR_PGSQL_AUTH_MORE;
		}
		case ALTAIR_PGSQL_AUTH_SASL:
			return a->step == 0 ? client_first(a, body, size, out) : ALTAIR_PGSQL_AUTH_REFUSED;
		case ALTAIR_PGSQL_AUTH_SASL_CONTINUE:
			return a->step == 1 ? client_final(a, password, (const char *) body, size, out) : ALTAIR_PGSQL_AUTH_REFUSED;
		case ALTAIR_PGSQL_AUTH_SASL_FINAL: {
			size_t at = 0, signature_length;
			const char *text = a->step == 2 ? attribute((const char *) body, size, &at, 'v', &signature_length) : NULL;
			unsigned char signature[64];
			if (!text || decode(text, signature_length, signature, sizeof(signature)) != ALTAIR_PGSQL_SCRAM_KEY
				|| CRYPTO_memcmp(signature, a->server_signature, ALTAIR_PGSQL_SCRAM_KEY) != 0) {
				return ALTAIR_PGSQL_AUTH_REFUSED;
			}
			a->step = 3;
			return ALTAIR_PGSQL_AUTH_DONE;
		}
		default:
			return ALTAIR_PGSQL_AUTH_UNSUPPORTED;
	}
}

/* ---- the relay as the child's server ------------------------------------------------------ */

bool altair_pgsql_auth_challenge(altair_pgsql_auth_server *a, int method, altair_relay_buf *out)
{
	memset(a, 0, sizeof(*a));
	a->method = method;
	a->step = 1;
	put_u32(out, (uint32_t) method);
	if (method == ALTAIR_PGSQL_AUTH_SASL) {
		put(out, SCRAM_MECHANISM, sizeof(SCRAM_MECHANISM));
		put(out, "", 1);
	} else if (method == ALTAIR_PGSQL_AUTH_MD5) {
		if (getrandom(a->salt, 4, 0) != 4) {
			return false;
		}
		put(out, a->salt, 4);
	}
	return !out->failed;
}

/* SASLInitialResponse: mechanism, length, "n,,n=…,r=<nonce>" (or "y,,…"). */
static altair_pgsql_auth_step server_first(altair_pgsql_auth_server *a, const unsigned char *body, size_t length, altair_relay_buf *out)
{
	const unsigned char *end = memchr(body, '\0', length);
	size_t at, nonce_length, message_length;
	const char *message, *bare, *nonce;
	char salt_text[32], server_nonce[48];

	if (!end || (size_t) (end - body) != strlen(SCRAM_MECHANISM) || memcmp(body, SCRAM_MECHANISM, strlen(SCRAM_MECHANISM)) != 0
		|| (size_t) (end - body) + 5 > length) {
		return ALTAIR_PGSQL_AUTH_REFUSED;
	}
	at = (size_t) (end - body) + 1;
	message_length = u32(body + at);
	message = (const char *) body + at + 4;
	if (message_length != length - at - 4 || message_length < 3 || message_length >= ALTAIR_PGSQL_SCRAM_MESSAGE_MAX
		|| !(message[0] == 'n' || message[0] == 'y') || message[1] != ',' || message[2] != ',') {
		return ALTAIR_PGSQL_AUTH_REFUSED; /* "p=": channel binding, which the relay did not offer */
	}
	snprintf(a->gs2, sizeof(a->gs2), "%s", message[0] == 'n' ? SCRAM_GS2_NONE : SCRAM_GS2_UNSUPPORTED);
	bare = message + 3;
	at = 0;
	if (message_length - 3 < 2 || bare[0] != 'n' || bare[1] != '=') {
		return ALTAIR_PGSQL_AUTH_REFUSED;
	}
	/* past n=<user> (PostgreSQL takes the user from the startup packet), the nonce */
	const char *comma = memchr(bare, ',', message_length - 3);
	at = comma ? (size_t) (comma - bare) + 1 : message_length;
	nonce = attribute(bare, message_length - 3, &at, 'r', &nonce_length);
	if (!nonce || nonce_length == 0 || nonce_length > 64 || memchr(nonce, '\0', nonce_length) || !random_base64(server_nonce, sizeof(server_nonce))
		|| getrandom(a->salt, sizeof(a->salt), 0) != (ssize_t) sizeof(a->salt)) {
		return ALTAIR_PGSQL_AUTH_REFUSED;
	}
	snprintf(a->client_first_bare, sizeof(a->client_first_bare), "%.*s", (int) (message_length - 3), bare);
	snprintf(a->nonce, sizeof(a->nonce), "%.*s%s", (int) nonce_length, nonce, server_nonce);
	encode(a->salt, sizeof(a->salt), salt_text, sizeof(salt_text));
	snprintf(a->server_first, sizeof(a->server_first), "r=%s,s=%s,i=%d", a->nonce, salt_text, ALTAIR_PGSQL_RELAY_SCRAM_ITERATIONS);
	put_u32(out, ALTAIR_PGSQL_AUTH_SASL_CONTINUE);
	put(out, a->server_first, strlen(a->server_first));
	a->step = 2;
	return ALTAIR_PGSQL_AUTH_MORE;
}

/* SASLResponse: "c=<gs2>,r=<nonce>,p=<proof>". */
static altair_pgsql_auth_step server_final(altair_pgsql_auth_server *a, const char *password, const char *message, size_t length,
	altair_relay_buf *out)
{
	size_t at = 0, binding_length, nonce_length, proof_length;
	const char *binding = attribute(message, length, &at, 'c', &binding_length);
	const char *nonce = binding ? attribute(message, length, &at, 'r', &nonce_length) : NULL;
	size_t without_proof = at ? at - 1 : 0;
	const char *proof_text = nonce ? attribute(message, length, &at, 'p', &proof_length) : NULL;
	unsigned char proof[64], client_key[32], stored_key[32], server_key[32], signature[32], recomputed[32], server_signature[32];
	char auth_message[3 * ALTAIR_PGSQL_SCRAM_MESSAGE_MAX], final_text[64];
	bool same;

	if (!proof_text || at != length || length >= ALTAIR_PGSQL_SCRAM_MESSAGE_MAX || binding_length != strlen(a->gs2)
		|| memcmp(binding, a->gs2, binding_length) != 0 || nonce_length != strlen(a->nonce)
		|| memcmp(nonce, a->nonce, nonce_length) != 0 || decode(proof_text, proof_length, proof, sizeof(proof)) != ALTAIR_PGSQL_SCRAM_KEY) {
		return ALTAIR_PGSQL_AUTH_REFUSED;
	}
	snprintf(auth_message, sizeof(auth_message), "%s,%s,%.*s", a->client_first_bare, a->server_first, (int) without_proof, message);
	if (!scram_keys(password, a->salt, sizeof(a->salt), ALTAIR_PGSQL_RELAY_SCRAM_ITERATIONS, client_key, stored_key, server_key)
		|| !hmac(stored_key, sizeof(stored_key), auth_message, strlen(auth_message), signature)) {
		return ALTAIR_PGSQL_AUTH_REFUSED;
	}
	for (size_t i = 0; i < ALTAIR_PGSQL_SCRAM_KEY; i++) {
		proof[i] ^= signature[i]; /* the client's ClientKey, if it knows the password */
	}
	same = sha256(proof, ALTAIR_PGSQL_SCRAM_KEY, recomputed) && CRYPTO_memcmp(recomputed, stored_key, ALTAIR_PGSQL_SCRAM_KEY) == 0;
	OPENSSL_cleanse(client_key, sizeof(client_key));
	OPENSSL_cleanse(proof, sizeof(proof));
	if (!same || !hmac(server_key, sizeof(server_key), auth_message, strlen(auth_message), server_signature)) {
		return ALTAIR_PGSQL_AUTH_REFUSED;
	}
	encode(server_signature, sizeof(server_signature), final_text, sizeof(final_text));
	put_u32(out, ALTAIR_PGSQL_AUTH_SASL_FINAL);
	put(out, "v=", 2);
	put(out, final_text, strlen(final_text));
	a->step = 3;
	return ALTAIR_PGSQL_AUTH_DONE;
}

altair_pgsql_auth_step altair_pgsql_auth_check(altair_pgsql_auth_server *a, const char *user, const char *password,
	const unsigned char *body, size_t length, altair_relay_buf *out)
{
	if (a->method == ALTAIR_PGSQL_AUTH_SASL) {
		if (a->step == 1) {
			return server_first(a, body, length, out);
		}
		return a->step == 2 ? server_final(a, password, (const char *) body, length, out) : ALTAIR_PGSQL_AUTH_REFUSED;
	}
	if (a->step != 1) {
		return ALTAIR_PGSQL_AUTH_REFUSED;
	}
	a->step = 3;
	if (a->method == ALTAIR_PGSQL_AUTH_MD5) {
		char expected[36];
		return md5_response(user, password, a->salt, expected) && length == sizeof(expected)
				&& CRYPTO_memcmp(body, expected, sizeof(expected)) == 0
			? ALTAIR_PGSQL_AUTH_DONE : ALTAIR_PGSQL_AUTH_REFUSED;
	}
	return length == strlen(password) + 1 && CRYPTO_memcmp(body, password, length) == 0 ? ALTAIR_PGSQL_AUTH_DONE
	                                                                                    : ALTAIR_PGSQL_AUTH_REFUSED;
}
