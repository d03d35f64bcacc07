/*
 * The protocol engines of the database relay by name (docs/ARCHITECTURE.md, "The database
 * relay"): "pgsql", "mysql", "redis", and "raw" (bytes pass, nothing enforced: an allowEndpoints
 * entry that is not a database). Plain C, no Zend API.
 */
#ifndef ALTAIR_RELAY_ENGINES_H
#define ALTAIR_RELAY_ENGINES_H

#include "engine.h"

/* The raw pass-through (relay/raw.c). */
extern const altair_relay_engine altair_relay_engine_raw;

/* The engine for a protocol name, or NULL when this build has none for it. */
const altair_relay_engine *altair_relay_engine_find(const char *name);

#endif
