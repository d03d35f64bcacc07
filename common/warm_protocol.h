/*
 * Warm evaluations: what the host and a template child say to each other over the template's
 * control socket (SOCK_SEQPACKET on ALTAIR_EVAL_CHANNEL_FD, so each message arrives whole).
 *
 *   template → host   READY                       once, when it is up and waiting (a booted one
 *                                                 ran the project's boot, see guest/template/boot.c)
 *   template → host   PLAIN {note}                instead of READY: it cannot boot the project for
 *                                                 its workers (why in note) and exits; the host
 *                                                 starts a plain template for the policy instead
 *   host → template   a request + 4 descriptors   (SCM_RIGHTS: stdout, stderr, result channel, and
 *                                                 the snippet, which the worker copies into its dir)
 *   template → host   STARTED {pid}               a worker was forked for it
 *   template → host   STALE                       instead of STARTED: a file its boot loaded changed
 *                                                 (or a worker touched the boot's files); it exits,
 *                                                 and the host resends the request to a new one
 *   template → host   EXITED {pid, status, usage} the worker ended (its group killed, it reaped)
 *   host → template   a request flagged SESSION    opens a session (docs/ARCHITECTURE.md, "Sessions"):
 *                     + 5 descriptors              the fifth is the session's socket; the worker runs
 *                                                 the request's snippet and, when it ends well, stays,
 *                                                 holding the session's state; the template does not
 *                                                 wait for it (STARTED, then on to the next request)
 *   host → template   CHECK (a request, no fds)    is the template still fresh? FRESH or STALE
 *
 * On a session's socket (SOCK_SEQPACKET, guest/session.c):
 *   host → session    a request + 4 descriptors   one call: the holder forks a worker for it (the
 *                                                 host lets that one fork through, runner/session.c)
 *   session → host    STARTED {pid}               the call's worker
 *   session → host    KEPT {pid}                  the call ended well: its worker holds the state now
 *   session → host    EXITED {pid, status, usage} it did not: the state is the one before the call
 *
 * A plain template never ran user code: a worker takes the descriptors, its own session and the
 * request's scratch dir, then locks down and runs exactly like a cold child. A booted template ran
 * the boot under the lockdown; its worker only narrows that lockdown and runs the snippet.
 * Plain C (no Zend types): read by runner/warm.c and guest/template/template.c.
 */
#ifndef ALTAIR_EVAL_WARM_PROTOCOL_H
#define ALTAIR_EVAL_WARM_PROTOCOL_H

#include <stdint.h>
#include <sys/resource.h>

#define ALTAIR_EVAL_WARM_MAGIC 0x57564541u /* "AEVW" */
#define ALTAIR_EVAL_WARM_PATH_MAX 4096
#define ALTAIR_EVAL_WARM_FDS 4
/* Of those, the first ALTAIR_EVAL_WARM_CONDUITS go on the worker's 3, 1 and 2: the result channel
 * first, so that it lands on 3 by itself in a worker whose filter already refuses a dup2 onto 3
 * (a booted template's pooled worker, guest/lockdown/booted.c), then stdout and stderr; then the
 * snippet. */
#define ALTAIR_EVAL_WARM_CONDUITS 3

enum {
	ALTAIR_EVAL_WARM_READY = 1,
	ALTAIR_EVAL_WARM_STARTED = 2,
	ALTAIR_EVAL_WARM_EXITED = 3,
	ALTAIR_EVAL_WARM_FAILED = 4,
	ALTAIR_EVAL_WARM_PLAIN = 5,
	ALTAIR_EVAL_WARM_STALE = 6,
	ALTAIR_EVAL_WARM_KEPT = 7,
	ALTAIR_EVAL_WARM_FRESH = 8
};

/* altair_eval_warm_request.flags */
#define ALTAIR_EVAL_WARM_REQUEST_SESSION 1u /* open a session: a fifth descriptor, its socket */
#define ALTAIR_EVAL_WARM_REQUEST_CHECK 2u   /* only the staleness check, no descriptors */
#define ALTAIR_EVAL_WARM_SESSION_FDS (ALTAIR_EVAL_WARM_FDS + 1)

/* PLAIN's note: a sentence of ours (never text the project produced). */
#define ALTAIR_EVAL_WARM_NOTE_MAX 160

typedef struct {
	uint32_t magic;
	uint32_t timeout_ms;
	uint32_t flags;
	/* A session's opening: how long its holder waits for the next call before it ends the session. */
	uint32_t idle_ms;
	char scratch[ALTAIR_EVAL_WARM_PATH_MAX];
} altair_eval_warm_request;

typedef struct {
	uint32_t magic;
	int32_t kind;
	int32_t pid;
	int32_t wait_status;
	int32_t error;
	struct rusage usage;
	char note[ALTAIR_EVAL_WARM_NOTE_MAX];
} altair_eval_warm_event;

#endif
