/*
 * Runner: the host side. EvalRequest → scratch dir + argv/envp → spawn → supervise → EvalResult.
 */
#ifndef ALTAIR_EVAL_RUNNER_H
#define ALTAIR_EVAL_RUNNER_H

#include "php.h"

extern zend_class_entry *altair_eval_request_ce;
extern zend_class_entry *altair_eval_result_ce;
extern zend_class_entry *altair_eval_evaluator_ce;
extern zend_class_entry *altair_eval_session_ce;

void altair_eval_runner_minit(void);
/* The database relay's server connections kept between evaluations (runner/relay.c): each told
 * goodbye and closed; at module shutdown. */
void altair_eval_relay_kept_close(void);
/* The relay's CA, the certificates it issued and its TLS contexts for servers (runner/relay_tls.c):
 * freed at module shutdown, after the kept connections. */
void altair_eval_relay_tls_shutdown(void);

/* Forgets the last discovery of the project's databases (runner/databases.c): at module shutdown. */
void altair_eval_databases_forget(void);
/* Waits for the cold children whose evaluations returned before they were gone; block: until each
 * is (runner/supervise.c). */
void altair_eval_reap_later_sweep(bool block);

#endif
