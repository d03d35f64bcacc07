/*
 * Sessions, guest side (docs/ARCHITECTURE.md, "Sessions"; guest/session.c). A session is opened by a
 * booted template's worker forked for it alone; after each call that ends well the worker that ran
 * it holds the session's state (its memory: variables, objects, the app's container, open database
 * connections) and forks the next call's worker from it; a call that does not end well leaves the
 * holder as it was.
 */
#ifndef ALTAIR_EVAL_GUEST_SESSION_H
#define ALTAIR_EVAL_GUEST_SESSION_H

#include "php.h"

/* The session's socket, sealed at this number in every process of the session (its seccomp filter
 * refuses every copy of it: guest/lockdown/seccomp.c). */
#include "lockdown/policy.h"
#define ALTAIR_EVAL_SESSION_FD ALTAIR_EVAL_LOCKDOWN_SESSION_FD

/* In the worker that opens a session, as it takes its request: the session's socket is at
 * ALTAIR_EVAL_SESSION_FD (inherited from its template), and idle_ms says how long its holders wait
 * for a call before they end the session; dir is the session's (the opening request's). */
void altair_eval_guest_session_adopt(uint32_t idle_ms, const char *dir);
/* True in every process of a session (its opener, its holders, its calls' workers). */
bool altair_eval_guest_session_active(void);
/* The process is a session's and its call ended well: it holds the session's state from now on
 * (the call's status frame, its conduits closed, the previous holder gone), serves the session's
 * next calls and returns only in a call's worker, with that call's request taken and locked down,
 * ready to run the call's snippet. false: the session ended (its socket closed: the process then
 * only has to exit). */
bool altair_eval_guest_session_hold(void);

#endif
