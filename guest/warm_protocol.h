/*
 * Warm evaluations: what the host and a template child say to each other over the template's
 * control socket (SOCK_SEQPACKET on ALTAIR_EVAL_CHANNEL_FD, so each message arrives whole).
 *
 *   template → host   READY                       once, when it is up and waiting
 *   host → template   a request + 3 descriptors   (SCM_RIGHTS: stdout, stderr, result channel)
 *   template → host   STARTED {pid}               a worker was forked for it
 *   template → host   EXITED {pid, status, usage} the worker ended (its group killed, it reaped)
 *
 * The worker is a fork of the template that never ran user code: it takes the descriptors, its
 * own session and the request's scratch dir, then locks down and runs exactly like a cold child.
 * Plain C (no Zend types): read by runner/warm.c and guest/template.c.
 */
#ifndef ALTAIR_EVAL_WARM_PROTOCOL_H
#define ALTAIR_EVAL_WARM_PROTOCOL_H

#include <stdint.h>
#include <sys/resource.h>

#define ALTAIR_EVAL_WARM_MAGIC 0x57564541u /* "AEVW" */
#define ALTAIR_EVAL_WARM_PATH_MAX 4096
#define ALTAIR_EVAL_WARM_FDS 3

enum {
	ALTAIR_EVAL_WARM_READY = 1,
	ALTAIR_EVAL_WARM_STARTED = 2,
	ALTAIR_EVAL_WARM_EXITED = 3,
	ALTAIR_EVAL_WARM_FAILED = 4
};

typedef struct {
	uint32_t magic;
	uint32_t timeout_ms;
	char scratch[ALTAIR_EVAL_WARM_PATH_MAX];
} altair_eval_warm_request;

typedef struct {
	uint32_t magic;
	int32_t kind;
	int32_t pid;
	int32_t wait_status;
	int32_t error;
	struct rusage usage;
} altair_eval_warm_event;

#endif
