/*
 * What tests/relay/mysql/start.c and tests/relay/pgsql/start.c share: drive an engine with no
 * server and look into what it wrote to each side. Included by one file each, so static.
 */
#ifndef ALTAIR_RELAY_TESTS_START_H
#define ALTAIR_RELAY_TESTS_START_H

#include <stdio.h>
#include <string.h>

#include "engine.h"

static int failures;

static void check(int ok, const char *what)
{
	printf("%s %s\n", ok ? "ok  " : "FAIL", what);
	if (!ok) {
		failures++;
	}
}

/* The offset of the n bytes in buf, or -1. */
static long find_bytes(const altair_relay_buf *buf, const char *bytes, size_t n)
{
	for (size_t i = 0; buf->length >= n && i <= buf->length - n; i++) {
		if (memcmp(buf->data + i, bytes, n) == 0) {
			return (long) i;
		}
	}
	return -1;
}

static int contains_bytes(const altair_relay_buf *buf, const char *bytes, size_t n)
{
	return find_bytes(buf, bytes, n) >= 0;
}

/* A test's session, checked to exist (a failure when the engine could not open it). */
static altair_relay_session *started(altair_relay_session *s)
{
	check(s != NULL, "a session");
	return s;
}

/* The end of a test's session: the engine closes it, and both sides' queues are freed. */
static void end_session(const altair_relay_engine *engine, altair_relay_session *s, altair_relay_io *io)
{
	engine->close(s);
	altair_relay_buf_free(&io->to_server);
	altair_relay_buf_free(&io->to_client);
}

#endif
