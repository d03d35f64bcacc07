/*
 * Engine-level guards of the guest: fatal errors reported on the channel, and the
 * security-relevant ini settings locked against ini_set()/ini_restore().
 */
#ifndef ALTAIR_EVAL_GUEST_ENGINE_H
#define ALTAIR_EVAL_GUEST_ENGINE_H

#include "php.h"
#include "../encoder/encoder.h"

/* Called from MINIT in the guest role: after every module's startup (zend_post_startup_cb, chained
 * as opcache chains it), the functions of altair_eval.guest_disable_functions are disabled over this
 * process's own function table (prefixes expanded), on top of its ini's disable_functions, and
 * ini_get('disable_functions') shows both lists. */
void altair_eval_guest_engine_hook_startup(void);

/* Whether that hook ran with a list to apply; false when another extension replaced the callback
 * without calling ours (the guest must then refuse to run anything), or when the host passed no
 * list (unsafe). */
bool altair_eval_guest_engine_functions_applied(void);

/* Every fatal error from now on becomes an error frame (paths shown as ctx shows them). */
void altair_eval_guest_engine_report_fatals(const altair_eval_encoder_context *ctx);

/* The guard ini settings can no longer be changed at run time. Returns how many were locked. */
int altair_eval_guest_engine_lock_ini(void);

/* Sets a setting from the guest's own C code, locked or not (a warm worker takes its request's
 * settings after its template locked them): never reachable from PHP. */
void altair_eval_guest_engine_set_ini(const char *name, const char *value);
/* The same for a directory of our own (a worker's scratch dir): set as at request activation, so
 * that a handler's runtime open_basedir check of the path is skipped (session.save_path's resolved
 * the not-yet-made dir against every open_basedir entry: 21 stats per warm call). */
void altair_eval_guest_engine_set_own_dir_ini(const char *name, const char *value);

/* Without writes: chmod() and touch() inside the scratch succeed without the call seccomp refuses. */
void altair_eval_guest_engine_scratch_metadata(const char *scratch);

/* Compiles and runs a file at top level; false when it did not compile (EG(exception) says why).
 * $snippet: the file is the snippet, whose final implicit `return 1` gives null. */
bool altair_eval_guest_run_file(const char *path, zval *retval, bool snippet);

#endif
