/*
 * Engine-level isolation of one evaluation from the next: opcache's shared cache out of the
 * snippet's reach. See isolation.c.
 */
#ifndef ALTAIR_EVAL_GUEST_ISOLATION_H
#define ALTAIR_EVAL_GUEST_ISOLATION_H

/* Locks every opcache.* setting and turns the opcache functions that read or change the shared
 * cache into ones that return false. Returns how many settings it locked (for
 * sandbox.ini_locked). Cold and warm alike, before any project code. */
int altair_eval_guest_isolation_apply(void);

#endif
