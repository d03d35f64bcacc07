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

#endif
