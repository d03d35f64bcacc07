/* See engines.h. The protocol engines are linked in as they are built (config.m4); a name whose
 * engine this build lacks finds none, and the host refuses its connections rather than passing
 * them unguarded. */
#include <string.h>

#include "engines.h"

/* Weak: an engine missing from this build is a NULL address, not a link error. */
extern const altair_relay_engine altair_relay_engine_pgsql __attribute__((weak));
extern const altair_relay_engine altair_relay_engine_mysql __attribute__((weak));
extern const altair_relay_engine altair_relay_engine_redis __attribute__((weak));

const altair_relay_engine *altair_relay_engine_find(const char *name)
{
	const altair_relay_engine *const engines[] = {
		&altair_relay_engine_pgsql, &altair_relay_engine_mysql, &altair_relay_engine_redis, &altair_relay_engine_raw,
	};

	for (size_t i = 0; i < sizeof(engines) / sizeof(engines[0]); i++) {
		if (engines[i] && engines[i]->name && strcmp(engines[i]->name, name) == 0) {
			return engines[i];
		}
	}
	return NULL;
}
