/*
 * Engine-level isolation of one evaluation from the next and from the host: opcache's shared
 * cache out of the snippet's reach, and no mail program to start. See isolation.c.
 */
#ifndef ALTAIR_EVAL_GUEST_ISOLATION_H
#define ALTAIR_EVAL_GUEST_ISOLATION_H

/* Locks every opcache.* setting, turns the opcache functions that read or change the shared
 * cache into ones that return false, and unsets sendmail_path. Returns how many settings it
 * locked (for sandbox.ini_locked). Cold and warm alike, before any project code. */
int altair_eval_guest_isolation_apply(void);

#endif
