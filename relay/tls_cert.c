/* See tls_cert.h. */
#include "tls_cert.h"

#include <arpa/inet.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509v3.h>

#define CERT_HOUR_SECONDS 3600L
#define CERT_DAY_SECONDS 86400L

struct altair_relay_tls_ca {
	EVP_PKEY *key;
	X509 *certificate;
	char *pem;
	size_t pem_length;
	time_t made;
};

static EVP_PKEY *new_key(void)
{
	return EVP_EC_gen("P-256");
}

/* A random positive serial number of 16 bytes. */
static bool set_serial(X509 *certificate)
{
	unsigned char bytes[16];
	BIGNUM *number;
	bool ok;

	if (getrandom(bytes, sizeof(bytes), 0) != (ssize_t) sizeof(bytes)) {
		return false;
	}
	bytes[0] &= 0x7f;
	number = BN_bin2bn(bytes, sizeof(bytes), NULL);
	ok = number && BN_to_ASN1_INTEGER(number, X509_get_serialNumber(certificate)) != NULL;
	BN_free(number);
	return ok;
}

static bool add_extension(X509 *certificate, X509 *issuer, int nid, const char *value)
{
	X509V3_CTX context;
	X509_EXTENSION *extension;
	bool ok;

	X509V3_set_ctx_nodb(&context);
	X509V3_set_ctx(&context, issuer, certificate, NULL, NULL, 0);
	extension = X509V3_EXT_conf_nid(NULL, &context, nid, value);
	ok = extension && X509_add_ext(certificate, extension, -1) == 1;
	X509_EXTENSION_free(extension);
	return ok;
}

/* A certificate for key, named common_name, valid from an hour ago for days, issued by issuer
 * (itself when NULL) with issuer_key. */
static X509 *new_certificate(EVP_PKEY *key, const char *common_name, long days, X509 *issuer, EVP_PKEY *issuer_key)
{
	X509 *certificate = X509_new();
	X509_NAME *name = certificate ? X509_get_subject_name(certificate) : NULL;

	if (!certificate || X509_set_version(certificate, 2) != 1 || !set_serial(certificate)
		|| !X509_time_adj_ex(X509_getm_notBefore(certificate), 0, -CERT_HOUR_SECONDS, NULL)
		|| !X509_time_adj_ex(X509_getm_notAfter(certificate), (int) days, 0, NULL)
		|| X509_set_pubkey(certificate, key) != 1
		|| X509_NAME_add_entry_by_txt(name, "O", MBSTRING_ASC, (const unsigned char *) "altair_eval relay", -1, -1, 0) != 1
		|| X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *) common_name, -1, -1, 0) != 1
		|| X509_set_issuer_name(certificate, issuer ? X509_get_subject_name(issuer) : name) != 1) {
		X509_free(certificate);
		return NULL;
	}
	(void) issuer_key;
	return certificate;
}

static char *to_pem(X509 *certificate, EVP_PKEY *key, size_t *length)
{
	BIO *out = BIO_new(BIO_s_mem());
	char *data, *copy = NULL;
	long size;

	if (out && (!certificate || PEM_write_bio_X509(out, certificate) == 1)
		&& (!key || PEM_write_bio_PrivateKey(out, key, NULL, NULL, 0, NULL, NULL) == 1)
		&& (size = BIO_get_mem_data(out, &data)) > 0 && (copy = malloc((size_t) size + 1))) {
		memcpy(copy, data, (size_t) size);
		copy[size] = '\0';
		*length = (size_t) size;
	}
	BIO_free(out);
	return copy;
}

altair_relay_tls_ca *altair_relay_tls_ca_new(void)
{
	altair_relay_tls_ca *ca = calloc(1, sizeof(*ca));
	char name[64];
	unsigned char tag[6];

	if (!ca || getrandom(tag, sizeof(tag), 0) != (ssize_t) sizeof(tag)) {
		free(ca);
		return NULL;
	}
	snprintf(name, sizeof(name), "altair_eval relay CA %02x%02x%02x%02x%02x%02x", tag[0], tag[1], tag[2], tag[3], tag[4], tag[5]);
	ca->made = time(NULL);
	ca->key = new_key();
	ca->certificate = ca->key ? new_certificate(ca->key, name, ALTAIR_RELAY_TLS_CA_DAYS, NULL, NULL) : NULL;
	if (!ca->certificate || !add_extension(ca->certificate, ca->certificate, NID_basic_constraints, "critical,CA:TRUE,pathlen:0")
		|| !add_extension(ca->certificate, ca->certificate, NID_key_usage, "critical,keyCertSign,cRLSign")
		|| !add_extension(ca->certificate, ca->certificate, NID_subject_key_identifier, "hash")
		|| X509_sign(ca->certificate, ca->key, EVP_sha256()) <= 0
		|| !(ca->pem = to_pem(ca->certificate, NULL, &ca->pem_length))) {
		altair_relay_tls_ca_free(ca);
		ERR_clear_error();
		return NULL;
	}
	return ca;
}

const char *altair_relay_tls_ca_pem(const altair_relay_tls_ca *ca, size_t *length)
{
	*length = ca->pem_length;
	return ca->pem;
}

time_t altair_relay_tls_ca_made(const altair_relay_tls_ca *ca)
{
	return ca->made;
}

/* "DNS:name,IP:1.2.3.4,…" for the names; false when one cannot be said there. */
static bool alternative_names(const char *const *names, size_t count, char *out, size_t size)
{
	size_t used = 0;

	out[0] = '\0';
	for (size_t i = 0; i < count; i++) {
		unsigned char address[16];
		const char *name = names[i];
		bool ip = inet_pton(AF_INET, name, address) == 1 || inet_pton(AF_INET6, name, address) == 1;
		int wrote;

		if (!*name || (!ip && strpbrk(name, ",: \n\r\\") != NULL)) {
			return false;
		}
		wrote = snprintf(out + used, size - used, "%s%s:%s", used ? "," : "", ip ? "IP" : "DNS", name);
		if (wrote < 0 || (size_t) wrote >= size - used) {
			return false;
		}
		used += (size_t) wrote;
	}
	return used > 0;
}

altair_relay_tls_context *altair_relay_tls_ca_issue(altair_relay_tls_ca *ca, const char *const *names, size_t count)
{
	char alternatives[4096];
	EVP_PKEY *key = NULL;
	X509 *certificate = NULL;
	altair_relay_tls_context *context = NULL;
	char *chain = NULL, *key_pem = NULL;
	size_t chain_length = 0, key_length = 0;

	if (count == 0 || !alternative_names(names, count, alternatives, sizeof(alternatives))) {
		return NULL;
	}
	key = new_key();
	certificate = key ? new_certificate(key, strlen(names[0]) < 64 ? names[0] : "altair_eval relay", ALTAIR_RELAY_TLS_LEAF_DAYS,
		ca->certificate, ca->key) : NULL;
	if (certificate && add_extension(certificate, ca->certificate, NID_basic_constraints, "critical,CA:FALSE")
		&& add_extension(certificate, ca->certificate, NID_key_usage, "critical,digitalSignature")
		&& add_extension(certificate, ca->certificate, NID_ext_key_usage, "serverAuth")
		&& add_extension(certificate, ca->certificate, NID_subject_alt_name, alternatives)
		&& add_extension(certificate, ca->certificate, NID_authority_key_identifier, "keyid:always")
		&& X509_sign(certificate, ca->key, EVP_sha256()) > 0 && (chain = to_pem(certificate, NULL, &chain_length))
		&& (key_pem = to_pem(NULL, key, &key_length))) {
		context = altair_relay_tls_server_context(chain, chain_length, key_pem, key_length);
	}
	if (key_pem) {
		OPENSSL_cleanse(key_pem, key_length);
	}
	free(key_pem);
	free(chain);
	X509_free(certificate);
	EVP_PKEY_free(key);
	ERR_clear_error();
	return context;
}

void altair_relay_tls_ca_free(altair_relay_tls_ca *ca)
{
	if (ca) {
		EVP_PKEY_free(ca->key);
		X509_free(ca->certificate);
		free(ca->pem);
		free(ca);
	}
}
