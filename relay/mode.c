/* See engine.h. */
#include <stdio.h>

#include "engine.h"

size_t altair_relay_refusal(char *out, size_t size, const char *what, altair_relay_mode mode)
{
	static const char *const tails[] = {
		[ALTAIR_RELAY_READ_ONLY] = "is read-only in this evaluation (run with --writes to allow writes, or --writes=rollback to try them and roll back)",
		[ALTAIR_RELAY_ROLLBACK] = "is in rollback mode in this evaluation, where only what a rollback undoes passes (run with --writes to allow it)",
		[ALTAIR_RELAY_WRITES] = "is writable in this evaluation, but the relay cannot pass this",
	};
	const char *tail = (unsigned) mode <= ALTAIR_RELAY_WRITES ? tails[mode] : tails[ALTAIR_RELAY_READ_ONLY];
	int n = size > 0 ? snprintf(out, size, "altair_eval: %s refused: the database %s", what, tail) : 0;
	return n < 0 ? 0 : (size_t) n >= size ? size - 1 : (size_t) n;
}

const char *altair_relay_mode_name(altair_relay_mode mode)
{
	switch (mode) {
		case ALTAIR_RELAY_READ_ONLY:
			return "read-only";
		case ALTAIR_RELAY_ROLLBACK:
			return "rollback";
		case ALTAIR_RELAY_WRITES:
			return "writes";
	}
	return "read-only";
}
