/*
 * The project's boot, run by the guest after vendor/autoload.php and before the snippet's first
 * line: an explicit bootstrap, else Laravel, Symfony, univeros's config/container.php, else the
 * PSR-11 fallbacks (README: "What the guest boots"). Written in PHP (boot_*.c) because every
 * step calls into the project; this file compiles it, runs it and reports what was booted.
 */
#ifndef ALTAIR_EVAL_GUEST_BOOT_H
#define ALTAIR_EVAL_GUEST_BOOT_H

#include "php.h"

extern const char altair_eval_guest_boot_core[];
extern const char altair_eval_guest_boot_laravel[];
extern const char altair_eval_guest_boot_symfony[];
extern const char altair_eval_guest_boot_aliases[];

/* Boots the project and sends the {kind:"host"} frame. false: the boot failed, EG(exception)
 * holds why (an Altair\Eval\Guest\BootException whose previous is the cause). */
bool altair_eval_guest_boot_run(void);

#endif
