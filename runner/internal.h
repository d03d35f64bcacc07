/*
 * Runner internals: the steps of one evaluation, each in its own file.
 *
 *   evaluator.c  Evaluator: validates, then runs the steps below in order and builds the result
 *   request.c    EvalRequest: validation and clamping at construction
 *   scratch.c    <root>/.altair/eval/<pid>-<random>/ with snippet.php; removal; sweeping
 *   argv.c       the child's argv (same binary and ini, guard -d flags) and envp
 *   spawn.c      posix_spawn (vfork-style: cost independent of the caller's memory)
 *   supervise.c  poll stdout/stderr/channel/pidfd, wall clock, SIGTERM→SIGKILL, reap
 *   channel.c    the token handshake and the authenticated frames from the guest
 *   result.c     EvalResult from the outcome; ok(), toArray()
 */
#ifndef ALTAIR_EVAL_RUNNER_INTERNAL_H
#define ALTAIR_EVAL_RUNNER_INTERNAL_H

#include "php.h"
#include "zend_smart_str.h"
#include <stdint.h>
#include <sys/types.h>
#include <sys/resource.h>
#include "../php_altair_eval.h"

/* An EvalRequest, read once from the object (borrowed strings: the object outlives the call). */
typedef struct {
	zend_string *snippet;
	zend_string *project_root;
	zend_string *bootstrap; /* NULL when none */
	zend_long timeout_ms;
	zend_long memory_limit_mb;
	bool allow_writes;
	bool allow_network;
	bool unsafe;
} altair_eval_request;

typedef struct {
	char *dir;          /* emalloc'd absolute path */
	char *snippet_path; /* emalloc'd absolute path of snippet.php */
} altair_eval_scratch;

/* NULL-terminated vectors for posix_spawn, all strings emalloc'd. */
typedef struct {
	char **argv;
	size_t argc;
	size_t argv_cap;
	char **envp;
	size_t envc;
	size_t envp_cap;
} altair_eval_command;

typedef struct {
	pid_t pid;
	int stdout_fd; /* read ends, non-blocking, close-on-exec */
	int stderr_fd;
	int channel_fd;
} altair_eval_child;

typedef struct {
	smart_str data;
	bool truncated;
	bool open;
} altair_eval_capture;

/* What supervision observed: raw facts, interpreted by result.c. */
typedef struct {
	altair_eval_capture out;
	altair_eval_capture err;
	altair_eval_capture channel; /* the raw frames, capped at ALTAIR_EVAL_CHANNEL_MAX_BYTES */
	int wait_status;
	struct rusage usage;
	bool timed_out;
	uint64_t duration_ms;
} altair_eval_outcome;

/* What the guest reported over the channel, already authenticated and decoded. */
typedef struct {
	zval sandbox; /* array or IS_UNDEF */
	zval result;  /* the final frame (kind return|exception|error|exit) or IS_UNDEF */
	bool forged;  /* the channel carried bytes that were not an authentic frame */
} altair_eval_report;

/* request.c */
zend_result altair_eval_request_read(zend_object *object, altair_eval_request *request);

/* scratch.c */
zend_result altair_eval_scratch_create(const altair_eval_request *request, altair_eval_scratch *scratch);
void altair_eval_scratch_remove(altair_eval_scratch *scratch);
void altair_eval_scratch_sweep(zend_string *project_root);

/* argv.c */
void altair_eval_command_build(altair_eval_command *command, zend_string *php_binary,
	const altair_eval_request *request, const altair_eval_scratch *scratch);
void altair_eval_command_free(altair_eval_command *command);

/* spawn.c */
zend_result altair_eval_spawn(const altair_eval_command *command, const char *directory, const unsigned char *token,
	altair_eval_child *child);

/* supervise.c */
void altair_eval_supervise(altair_eval_child *child, zend_long timeout_ms, altair_eval_outcome *outcome);
void altair_eval_outcome_free(altair_eval_outcome *outcome);
uint64_t altair_eval_now_ms(void);

/* channel.c */
zend_result altair_eval_channel_token(unsigned char *token);
void altair_eval_channel_parse(const altair_eval_capture *channel, const unsigned char *token, altair_eval_report *report);
void altair_eval_report_free(altair_eval_report *report);

/* result.c */
void altair_eval_result_build(zval *result, const altair_eval_request *request, altair_eval_outcome *outcome,
	altair_eval_report *report);

#endif
