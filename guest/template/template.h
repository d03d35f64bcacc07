/*
 * The warm template: a guest that forks one worker per request and returns in that worker only,
 * set up to continue exactly as a cold child would (template/template.c). A plain template never runs user
 * code; a booted one (template/boot.c) ran the project's boot under the lockdown first, and each
 * worker replays what came of that boot instead of booting.
 */
#ifndef ALTAIR_EVAL_GUEST_TEMPLATE_H
#define ALTAIR_EVAL_GUEST_TEMPLATE_H

#include "php.h"
#include "../../common/warm_protocol.h"

#define ALTAIR_EVAL_TEMPLATE_NOTE_MAX ALTAIR_EVAL_WARM_NOTE_MAX

/* Serves requests until the host closes the control socket (then the template exits). Returns
 * only in a freshly forked worker. prepare_worker (the guest's) runs in each worker before its
 * request comes: the part of its lockdown that needs nothing of the request. */
void altair_eval_guest_template_serve(void (*prepare_worker)(void));
/* Before the template's lockdown: its /proc/self/status, for the single-thread check of every fork. */
void altair_eval_guest_template_open_status(void);

/* A booted template keeps its control socket away from fd 3 (a worker's result channel) on a
 * number of its own, which its seccomp filter seals; returns that number. */
int altair_eval_guest_template_seal_control(void);

/* In a worker as it ends, just before its status frame (the host returns on that frame): a booted
 * worker's SysV objects, in the namespace it shares with its template, go. Nothing elsewhere. */
void altair_eval_guest_template_worker_ending(void);

/* The template cannot serve booted after all: tells the host why (PLAIN) and exits. */
ZEND_NORETURN void altair_eval_guest_template_refuse(const char *why);

/* A request's settings (scratch, temp dirs, timeout, the template's pid) and the worker's own
 * generators and request time: every worker's, and each call of a session (guest/session.c). */
void altair_eval_guest_template_take_settings(const altair_eval_warm_request *request, pid_t template_pid);
/* True in a worker the template forks to open a session, until its request came (its lockdown is
 * a session holder's: guest/session.c). */
bool altair_eval_guest_template_forking_session(void);

/* template/boot.c. In the template, after its lockdown: the boot, its outcome kept; false (why
 * filled in) when the template must not serve booted. own_ipc_namespace: the lockdown gave the
 * template an IPC namespace of its own (template/watch.h). */
bool altair_eval_guest_template_boot(bool own_ipc_namespace, char *why, size_t size);
/* Before the template's boot, and in each worker: what sys_get_temp_dir() answers (PHP keeps its
 * first answer for the process). */
void altair_eval_guest_template_prime_temp_dir(void);
void altair_eval_guest_template_retarget_temp_dir(const char *scratch);
/* True in a booted template and its workers. */
bool altair_eval_guest_template_booted(void);
/* In a worker of a booted template, in place of autoload and boot: the boot's output, host frame
 * and failure. false: EG(exception) holds how the run ends (compiled as for the guest's settle). */
bool altair_eval_guest_template_replay(bool *compiled);
/* Why a warm worker boots the app itself (its template could not boot it), for the sandbox
 * report; NULL when it does not, or in a cold child. */
void altair_eval_guest_template_set_note(const char *text);
const char *altair_eval_guest_template_note(void);
/* A worker's snippet descriptor from its request, handed over once (then -1); -1 elsewhere. */
int altair_eval_guest_template_take_snippet_fd(void);
/* A pooled worker of a booted template prepares its lockdown while its template checks that the
 * boot's files are unchanged: true until it has the verdict. Until then it reads nothing from and
 * writes nothing to its request's conduits (the request goes to a new template when this one is
 * stale, conduits and all). */
bool altair_eval_guest_template_awaiting_verdict(void);
/* Waits for that verdict: returns when the template is fresh; the template kills the worker (its
 * whole group) when it is stale. */
void altair_eval_guest_template_await_verdict(void);

/* template/fresh.c. Around the template's boot: notes whether it seeds mt_rand on purpose. In each
 * worker, before its user code: its own generator state and request time. */
void altair_eval_guest_template_fresh_watch_seeding(bool watching);
void altair_eval_guest_template_fresh_worker(void);

#endif
