/*
 * Guest: the child side. Active only when the host starts PHP with -d altair_eval.guest=1.
 */
#ifndef ALTAIR_EVAL_GUEST_H
#define ALTAIR_EVAL_GUEST_H

#include "php.h"

/* Registers container() and Altair\Eval\Guest\main(); called from MINIT in the guest role only. */
void altair_eval_guest_minit(int type, int module_number);

/* At request shutdown, after the snippet's shutdown functions, destructors and output: a child
 * that ran a snippet exits right away with its status. Unloading the extensions and freeing
 * everything would only cost milliseconds in a process that is about to vanish. */
void altair_eval_guest_rshutdown(void);

/* A human-readable list of the kernel guards this build can apply, for phpinfo(). */
const char *altair_eval_guest_features(void);

#endif
