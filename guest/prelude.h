/*
 * The wrapper's PHP side: the code the child runs with -r. It declares container() (over what
 * boot/boot.c booted), then hands over to Altair\Eval\Guest\main() (C). Everything it declares is
 * in "Command line code", whose frames the exception encoder hides.
 */
#ifndef ALTAIR_EVAL_GUEST_PRELUDE_H
#define ALTAIR_EVAL_GUEST_PRELUDE_H

extern const char altair_eval_guest_prelude[];

#endif
