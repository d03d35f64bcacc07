/*
 * The MySQL / MariaDB guard transaction (docs/ARCHITECTURE.md, "The database relay"; docs/relay.md,
 * "MySQL"): an XA transaction under a name only the relay knows.
 *
 * Inside `XA START '<xid>'` the server itself refuses COMMIT, ROLLBACK, START TRANSACTION, every
 * statement that commits implicitly (DDL, TRUNCATE, LOCK TABLES, SET PASSWORD, CREATE DATABASE) and
 * the autocommit switch, with XAER_RMFAIL (1399); in read-only mode `SET SESSION TRANSACTION READ
 * ONLY` comes first, and every write fails with 1792. Only `XA END` and `XA ROLLBACK` with the xid
 * end it, so whatever the relay's reading of a statement misses, the server does not let it end
 * the guard: the xid is 128 bits from the kernel, never sent to the client, and an ordinary user
 * cannot read it back (performance_schema and INNODB_TRX need privileges it lacks, XA RECOVER lists
 * prepared transactions only, SHOW PROFILES is emptied before a guard is opened again).
 */
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

#include "session.h"

#define XID_RANDOM_BYTES 16

void altair_mysql_new_xid(altair_relay_session *s)
{
	unsigned char bytes[XID_RANDOM_BYTES];
	static const char digits[] = "0123456789abcdef";
	size_t got = 0;

	while (got < sizeof(bytes)) {
		ssize_t n = getrandom(bytes + got, sizeof(bytes) - got, 0);
		if (n <= 0) {
			s->xid[0] = '\0'; /* no name: no guard can be opened (altair_mysql_guard_start fails) */
			return;
		}
		got += (size_t) n;
	}
	_Static_assert(sizeof(s->xid) >= sizeof(ALTAIR_MYSQL_XID_PREFIX) + 2 * XID_RANDOM_BYTES, "the xid fits");
	memcpy(s->xid, ALTAIR_MYSQL_XID_PREFIX, sizeof(ALTAIR_MYSQL_XID_PREFIX) - 1);
	char *at = s->xid + sizeof(ALTAIR_MYSQL_XID_PREFIX) - 1;
	for (size_t i = 0; i < sizeof(bytes); i++) {
		*at++ = digits[bytes[i] >> 4];
		*at++ = digits[bytes[i] & 15];
	}
	*at = '\0';
}

/* One statement naming the xid ("XA END '<xid>'"); false when it does not fit. */
static bool xa_statement(char *out, size_t size, const char *verb, const char *xid)
{
	int n = snprintf(out, size, "XA %s '%s'", verb, xid);
	return n > 0 && (size_t) n < size;
}

size_t altair_mysql_guard_end(const char *xid, const char **statements, char (*text)[ALTAIR_MYSQL_GUARD_TEXT_MAX])
{
	if (!xid[0] || !xa_statement(text[0], sizeof(text[0]), "END", xid) || !xa_statement(text[1], sizeof(text[1]), "ROLLBACK", xid)) {
		return 0;
	}
	statements[0] = text[0];
	statements[1] = text[1];
	return 2;
}

size_t altair_mysql_guard_start(altair_relay_mode mode, const char *xid, const char **statements, char *text, size_t size)
{
	size_t n = 0;
	if (!xid[0] || !xa_statement(text, size, "START", xid)) {
		return 0;
	}
	if (mode == ALTAIR_RELAY_READ_ONLY) {
		statements[n++] = "SET SESSION TRANSACTION READ ONLY";
	}
	statements[n++] = text;
	return n;
}

bool altair_mysql_guard_holds(altair_relay_mode mode, uint16_t status)
{
	if (!(status & ALTAIR_MYSQL_STATUS_IN_TRANS)) {
		return false;
	}
	return mode != ALTAIR_RELAY_READ_ONLY || (status & ALTAIR_MYSQL_STATUS_IN_TRANS_READONLY);
}

/* What a guard opened again after it was lost (a deadlock) is sent as: the old one ended (errors
 * allowed: the server may have ended it), SHOW PROFILES' history emptied and profiling off (it
 * would list the new XA START), then the new one. */
#define CLEAR_PROFILES_ON "SET SESSION profiling = 1, profiling_history_size = 0"
#define CLEAR_PROFILES_OFF "SET SESSION profiling = 0, profiling_history_size = DEFAULT"

size_t altair_mysql_clear_profiles(const char **statements)
{
	statements[0] = CLEAR_PROFILES_ON;
	statements[1] = CLEAR_PROFILES_OFF;
	return 2;
}

bool altair_mysql_guard_open(altair_relay_session *s)
{
	const char *statements[8];
	char end[2][ALTAIR_MYSQL_GUARD_TEXT_MAX], start[ALTAIR_MYSQL_GUARD_TEXT_MAX];
	size_t n = altair_mysql_guard_end(s->xid, statements, end);
	if (n > 0) {
		n += altair_mysql_clear_profiles(statements + n);
	}
	size_t must_from = n;
	altair_mysql_new_xid(s);
	size_t started = altair_mysql_guard_start(s->mode, s->xid, statements + n, start, sizeof(start));
	if (started == 0) {
		return false;
	}
	return altair_mysql_inject_batch(s, ORIGIN_GUARD, statements, n + started, must_from);
}

/* The server's refusal of what would end the guard, as the relay's sentence names it. */
bool altair_mysql_guard_refusal(uint16_t code)
{
	return code == ALTAIR_MYSQL_ER_XAER_RMFAIL || code == ALTAIR_MYSQL_ER_XAER_OUTSIDE;
}
