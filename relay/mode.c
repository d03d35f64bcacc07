/* See engine.h. */
#include "engine.h"

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
