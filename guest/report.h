/*
 * The result channel, guest side: the token handshake and authenticated frames (format in
 * runner/channel.c). The token lives only here, in C memory, out of the snippet's reach.
 */
#ifndef ALTAIR_EVAL_GUEST_REPORT_H
#define ALTAIR_EVAL_GUEST_REPORT_H

#include "php.h"

/* Reads the token the host put into the channel and the request block after it, then closes the
 * channel for reading. */
zend_result altair_eval_guest_report_open(void);
/* The request block (runner/channel.c): a JSON object, NUL-terminated; NULL before the channel is
 * open. */
const char *altair_eval_guest_report_request(size_t *length);
/* maker gives the body of a frame that goes right before the status frame, in the same write (the
 * effects, guest/effects.c); it is called once, and must not touch the Zend heap (the status frame
 * is written after the heap may have been exhausted). NULL: none. */
void altair_eval_guest_report_before_status(const char *(*maker)(size_t *length));
/* /proc/self/status as the lockdown opened it (after the view, before Landlock), for the peak RSS
 * of the status frame; kept when the guest has none open yet, else closed. */
void altair_eval_guest_report_adopt_status(int fd);
/* This process is a booted template's worker: forked, not spawned, so without /proc its own
 * ru_maxrss stands for its peak RSS (a spawned child's would hold its caller's). */
void altair_eval_guest_report_forked(void);

/* Sends {kind: ..., ...}; a final frame (any kind but "sandbox") is sent at most once. */
void altair_eval_guest_report_send(zval *frame);

/* The same for a frame already written as JSON. */
void altair_eval_guest_report_send_json(const char *json, size_t length, bool final);

/* Sends {kind:"error", error:{type,message,file,line}, limit} without touching the Zend heap:
 * safe to call from the error callback after memory is exhausted. Skipped after a final frame. */
void altair_eval_guest_report_fatal(const char *type, zend_string *message, const char *file, uint32_t line,
	const char *limit);

bool altair_eval_guest_report_final_sent(void);

/* Sends {kind:"status", exit_status, memory_peak, rss_peak} just before the process exits: the
 * host's wait status may be lost to the caller's SIGCHLD disposition, and the memory figures can
 * only be measured here. Heap-free, like report_fatal. */
void altair_eval_guest_report_exit(int exit_status);

/* fd travels to the host with the next frame (SCM_RIGHTS) and is closed here once sent; several
 * may travel together (the relay's listening sockets). */
void altair_eval_guest_report_attach_fd(int fd);

/* Sessions (guest/session.c). A session's next call: the channel that came with it (its token read,
 * as at the start), and the frames before any file runs (sandbox, host) as the session's opener
 * sent them. */
zend_result altair_eval_guest_report_session_call(void);

/* Sends the frames held back so far (sandbox, relay, host), and holds none from here on: called
 * before any PHP file runs, whose run may end in a kill. */
void altair_eval_guest_report_flush(void);

#endif
