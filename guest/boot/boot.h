/*
 * The project's boot, run by the guest after vendor/autoload.php and before the snippet's first
 * line: an explicit bootstrap, else Laravel, Symfony, univeros's config/container.php, else the
 * PSR-11 fallbacks (docs/frameworks.md, "What the guest boots"). Written in PHP (the files of boot/) because every
 * step calls into the project; this file compiles it, runs it and reports what was booted.
 */
#ifndef ALTAIR_EVAL_GUEST_BOOT_H
#define ALTAIR_EVAL_GUEST_BOOT_H

#include "php.h"

extern const char altair_eval_guest_boot_core[];
extern const char altair_eval_guest_boot_laravel[];
extern const char altair_eval_guest_boot_symfony[];
extern const char altair_eval_guest_boot_aliases[];
extern const char altair_eval_guest_boot_effects[];
extern const char altair_eval_guest_boot_effects_laravel[];
extern const char altair_eval_guest_boot_effects_symfony[];

/* Boots the project and sends the {kind:"host"} frame. false: the boot failed, EG(exception)
 * holds why (an Altair\Eval\Guest\BootException whose previous is the cause). */
bool altair_eval_guest_boot_run(void);

/* The same boot without the frame, for a booted warm template: host gets what was booted (an
 * array, or UNDEF when the boot never got that far), for altair_eval_guest_boot_send_host in each
 * worker. */
bool altair_eval_guest_boot_capture(zval *host);
void altair_eval_guest_boot_send_host(zval *host);

/* Closes what the frameworks opened at boot and reopen lazily (database, redis, log handlers:
 * Altair\Eval\Guest\release_connections in boot/core.c). Exceptions are dropped: the descriptor
 * scan after it decides. */
void altair_eval_guest_boot_release_connections(void);

/* A booted template, after a boot that succeeded: the first-use work of the workers' first database
 * call done once for all of them (Altair\Eval\Guest\prime_workers in boot/core.c; nothing
 * connects), then, in read-only and rollback mode, the transports' swap. Exceptions are dropped. */
void altair_eval_guest_boot_prime(void);

/* In read-only and rollback mode, once per process: the booted app's transports swapped for
 * recording ones (Altair\Eval\Guest\record_effects in boot/effects.c; guest/effects.c keeps the
 * list), by a booted template after its priming (altair_eval_guest_boot_prime), else right before the
 * snippet. A step that fails is listed as an effect of kind "unrecorded"; nothing is thrown. */
void altair_eval_guest_boot_record_effects(void);

/* Composer's autoload dirs after the boot (Altair\Eval\Guest\autoload_dirs in boot/core.c): an
 * array of strings in dirs (empty without Composer 2). Exceptions are dropped. */
void altair_eval_guest_boot_autoload_dirs(zval *dirs);

#endif
