/*
 * What PHP keeps per process or fixes at request start, made the worker's own (see
 * template/template.h; docs/ARCHITECTURE.md, "The warm template"). A worker is a fork of its
 * template: without this step it would share the template's generator state (every booted call
 * drawing the same mt_rand() sequence after a boot that drew once) and its request time (the
 * template's start, hours old under serve or MCP).
 *
 *   mt_rand, rand, shuffle, str_shuffle, array_rand   the Mt19937 state in RANDOM_G: reseeded from the
 *                                                     CSPRNG on first use in the worker, unless the
 *                                                     boot seeded it with a value on purpose
 *                                                     (mt_srand(42)): then a cold child draws the same
 *                                                     sequence on every run, and so does a worker
 *   lcg_value, uniqid(more_entropy)                   the combined LCG: reseeded on first use (it has
 *                                                     no seeding function of its own)
 *   random_bytes, random_int, Random\Randomizer's     the kernel's getrandom(): no state; the
 *   default engine (Secure)                           /dev/urandom descriptor of the fallback is
 *                                                     closed, to be opened again by the worker
 *   REQUEST_TIME, REQUEST_TIME_FLOAT                  the SAPI's cached request time is cleared, and
 *                                                     $_SERVER, when the boot or the prelude already
 *                                                     built it, gets the worker's
 *
 *   Random\Engine\Mt19937, PcgOneseq128XslRr64,       an engine the boot constructed without a seed
 *   Xoshiro256StarStar objects                        drew one from the CSPRNG, as a cold child's
 *                                                     does on every run: each worker calls its
 *                                                     constructor again (the same object, a new
 *                                                     seed). One constructed with a seed is kept.
 *
 * Not state: hrtime() reads CLOCK_MONOTONIC with no base of its own, microtime() and time() the
 * clock; uniqid() keeps only the last time it answered, which is never later than the worker's.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "SAPI.h"
#include "zend_exceptions.h"
#include "ext/random/php_random.h"
#include "template.h"

#include <unistd.h>

/* Seedable engines the boot constructed without a seed, at most this many (held by the template). */
#define FRESH_ENGINES_MAX 64

static zend_class_entry **const engine_classes[] = {
	&random_ce_Random_Engine_Mt19937, &random_ce_Random_Engine_PcgOneseq128XslRr64, &random_ce_Random_Engine_Xoshiro256StarStar
};
#define FRESH_ENGINE_CLASSES (sizeof(engine_classes) / sizeof(*engine_classes))
static zif_handler engine_handlers[FRESH_ENGINE_CLASSES];
static zend_object *unseeded_engines[FRESH_ENGINES_MAX];
static size_t unseeded_count;
static bool watching_boot;

static zif_handler seed_handlers[2];
static const char *const seed_functions[2] = { "mt_srand", "srand" };
static bool seeded_on_purpose;

/* mt_srand() or srand() called with a seed during the boot. */
static ZEND_NAMED_FUNCTION(boot_seed)
{
	zend_function *called = EX(func);

	if (ZEND_NUM_ARGS() > 0 && Z_TYPE_P(ZEND_CALL_ARG(execute_data, 1)) != IS_NULL) {
		seeded_on_purpose = true;
	}
	for (size_t i = 0; i < sizeof(seed_functions) / sizeof(*seed_functions); i++) {
		if (seed_handlers[i] && zend_string_equals_cstr(called->common.function_name, seed_functions[i], strlen(seed_functions[i]))) {
			seed_handlers[i](INTERNAL_FUNCTION_PARAM_PASSTHRU);
			return;
		}
	}
}

/* An engine's constructor during the boot (and in a class the boot declared that inherits it). */
static ZEND_NAMED_FUNCTION(boot_engine_construct)
{
	zend_function *called = EX(func);
	bool unseeded = ZEND_NUM_ARGS() == 0 || Z_TYPE_P(ZEND_CALL_ARG(execute_data, 1)) == IS_NULL;

	for (size_t i = 0; i < FRESH_ENGINE_CLASSES; i++) {
		if (engine_handlers[i] && called->common.scope == *engine_classes[i]) {
			engine_handlers[i](INTERNAL_FUNCTION_PARAM_PASSTHRU);
			if (watching_boot && unseeded && !EG(exception) && unseeded_count < FRESH_ENGINES_MAX) {
				GC_ADDREF(Z_OBJ_P(ZEND_THIS));
				unseeded_engines[unseeded_count++] = Z_OBJ_P(ZEND_THIS);
			}
			return;
		}
	}
}

static void swap_engine_handlers(bool watching)
{
	for (size_t i = 0; i < FRESH_ENGINE_CLASSES; i++) {
		zend_function *constructor = *engine_classes[i] ? (*engine_classes[i])->constructor : NULL;
		if (!constructor || constructor->type != ZEND_INTERNAL_FUNCTION) {
			continue;
		}
		if (watching) {
			engine_handlers[i] = constructor->internal_function.handler;
			constructor->internal_function.handler = boot_engine_construct;
		} else if (engine_handlers[i]) {
			constructor->internal_function.handler = engine_handlers[i];
		}
	}
}

/* Each unseeded engine of the boot seeds itself again, from the CSPRNG. */
static void reseed_engines(void)
{
	for (size_t i = 0; i < unseeded_count; i++) {
		zend_object *engine = unseeded_engines[i];
		for (size_t kind = 0; kind < FRESH_ENGINE_CLASSES; kind++) {
			zval retval;
			if (!*engine_classes[kind] || !instanceof_function(engine->ce, *engine_classes[kind])) {
				continue;
			}
			ZVAL_UNDEF(&retval);
			zend_call_known_function((*engine_classes[kind])->constructor, engine, engine->ce, &retval, 0, NULL, NULL);
			zval_ptr_dtor(&retval);
			if (EG(exception)) {
				zend_clear_exception();
			}
			break;
		}
	}
}

/* Swaps the seeding functions' handlers (watching) or puts them back. */
static void swap_seed_handlers(bool watching)
{
	for (size_t i = 0; i < sizeof(seed_functions) / sizeof(*seed_functions); i++) {
		zend_function *function = zend_hash_str_find_ptr(CG(function_table), seed_functions[i], strlen(seed_functions[i]));
		if (!function || function->type != ZEND_INTERNAL_FUNCTION) {
			continue;
		}
		if (watching) {
			seed_handlers[i] = function->internal_function.handler;
			function->internal_function.handler = boot_seed;
		} else if (seed_handlers[i]) {
			function->internal_function.handler = seed_handlers[i];
		}
	}
}

void altair_eval_guest_template_fresh_watch_seeding(bool watching)
{
	watching_boot = watching;
	swap_seed_handlers(watching);
	swap_engine_handlers(watching);
}

/* The request time a cold child would have, in $_SERVER when it exists already. */
static void fresh_request_time(void)
{
	zval *server;
	double now;

	SG(global_request_time) = 0;
	now = sapi_get_request_time();
	server = zend_hash_find(&EG(symbol_table), ZSTR_KNOWN(ZEND_STR_AUTOGLOBAL_SERVER));
	if (!server) {
		return;
	}
	ZVAL_DEREF(server);
	if (Z_TYPE_P(server) != IS_ARRAY) {
		return;
	}
	SEPARATE_ARRAY(server);
	if (zend_hash_str_exists(Z_ARRVAL_P(server), "REQUEST_TIME_FLOAT", strlen("REQUEST_TIME_FLOAT"))) {
		add_assoc_double(server, "REQUEST_TIME_FLOAT", now);
	}
	if (zend_hash_str_exists(Z_ARRVAL_P(server), "REQUEST_TIME", strlen("REQUEST_TIME"))) {
		add_assoc_long(server, "REQUEST_TIME", (zend_long) now);
	}
}

void altair_eval_guest_template_fresh_worker(void)
{
	if (!seeded_on_purpose) {
		RANDOM_G(mt19937_seeded) = false;
	}
	RANDOM_G(combined_lcg_seeded) = false;
	if (RANDOM_G(random_fd) >= 0) {
		close(RANDOM_G(random_fd));
		RANDOM_G(random_fd) = -1;
	}
	reseed_engines();
	fresh_request_time();
}
