/*
 * PostgreSQL's password authentication as the relay speaks it itself (docs/relay.md, "PostgreSQL",
 * kept connections), where the host read the user's password from the app's own configuration (as
 * pgbouncer does with an auth_file): toward the server the relay is the client and logs in with
 * that password (SCRAM-SHA-256, md5 or cleartext, whichever the server asks for: the server checks
 * it as it checks anyone's); toward the child the relay is the server and checks that the child
 * sends the same password (SCRAM-SHA-256, or md5 where the server asked for md5). Plain C over
 * bytes with OpenSSL's hashes, no Zend API.
 *
 * The iteration count the relay names to the child (ALTAIR_PGSQL_RELAY_SCRAM_ITERATIONS) is its
 * own: the exchange never leaves the machine, the relay holds the password in the clear anyway and
 * the child knows it (it is in its configuration), so iterations would protect nothing there, and
 * 4096 of them cost the child ~1.9 ms of every login. The server's own verifier and count are never
 * touched.
 */
#ifndef ALTAIR_RELAY_PGSQL_AUTH_H
#define ALTAIR_RELAY_PGSQL_AUTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../buf.h"

#define ALTAIR_PGSQL_RELAY_SCRAM_ITERATIONS 16
#define ALTAIR_PGSQL_SCRAM_KEY 32
#define ALTAIR_PGSQL_SCRAM_NONCE 24 /* random bytes, base64 in the messages */
#define ALTAIR_PGSQL_SCRAM_MESSAGE_MAX 512

/* What the server asked for (AuthenticationRequest codes). */
typedef enum {
	ALTAIR_PGSQL_AUTH_OK = 0,
	ALTAIR_PGSQL_AUTH_CLEARTEXT = 3,
	ALTAIR_PGSQL_AUTH_MD5 = 5,
	ALTAIR_PGSQL_AUTH_SASL = 10,
	ALTAIR_PGSQL_AUTH_SASL_CONTINUE = 11,
	ALTAIR_PGSQL_AUTH_SASL_FINAL = 12,
} altair_pgsql_auth_code;

/* The relay as the client of the server. */
typedef struct {
	int step; /* 0: nothing sent; 1: SCRAM's first message sent; 2: its final message sent; 3: verified */
	char nonce[64];
	char client_first_bare[ALTAIR_PGSQL_SCRAM_MESSAGE_MAX];
	unsigned char server_signature[ALTAIR_PGSQL_SCRAM_KEY];
} altair_pgsql_auth_client;

/* The relay as the server of the child. */
typedef struct {
	int method; /* altair_pgsql_auth_code: what the child is asked for */
	int step;   /* 0: not asked; 1: asked (SASL: for its first message); 2: SASL: its final message; 3: checked */
	unsigned char salt[16];
	char nonce[96];
	char gs2[8];
	char client_first_bare[ALTAIR_PGSQL_SCRAM_MESSAGE_MAX];
	char server_first[ALTAIR_PGSQL_SCRAM_MESSAGE_MAX];
} altair_pgsql_auth_server;

typedef enum { ALTAIR_PGSQL_AUTH_MORE = 0, ALTAIR_PGSQL_AUTH_DONE, ALTAIR_PGSQL_AUTH_REFUSED, ALTAIR_PGSQL_AUTH_UNSUPPORTED } altair_pgsql_auth_step;

/* Whether the relay can speak password authentication with this password: SASLprep leaves an
 * ASCII password as it is; another one is passed through to the server instead. */
bool altair_pgsql_auth_password_usable(const char *password);

/* The server's AuthenticationRequest (its body): the PasswordMessage/SASL response body to send
 * it appended to out (for 'p'); DONE when the request needs no answer (AuthenticationOk, a
 * verified SASLFinal), UNSUPPORTED (a method the relay does not speak), REFUSED (the server's
 * SCRAM signature is wrong: not the server that holds the password's verifier). */
altair_pgsql_auth_step altair_pgsql_auth_answer(altair_pgsql_auth_client *a, const char *user, const char *password,
	const unsigned char *request, size_t length, altair_relay_buf *out);

/* The request the child gets first (the body of its 'R'), for method (ALTAIR_PGSQL_AUTH_SASL,
 * _MD5 or _CLEARTEXT); false when out could not grow. */
bool altair_pgsql_auth_challenge(altair_pgsql_auth_server *a, int method, altair_relay_buf *out);
/* The child's PasswordMessage (its body), checked against password for user: MORE with the next
 * request's body in out (SASLContinue), DONE when it is the same password (SASL: with the
 * SASLFinal body in out, to send before AuthenticationOk), REFUSED otherwise. */
altair_pgsql_auth_step altair_pgsql_auth_check(altair_pgsql_auth_server *a, const char *user, const char *password,
	const unsigned char *body, size_t length, altair_relay_buf *out);

#endif
