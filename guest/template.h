/*
 * The warm template: a guest that never runs user code. It forks one worker per request and
 * returns in that worker only, set up to continue exactly as a cold child would.
 */
#ifndef ALTAIR_EVAL_GUEST_TEMPLATE_H
#define ALTAIR_EVAL_GUEST_TEMPLATE_H

/* Serves requests until the host closes the control socket (then the template exits). Returns
 * only in a freshly forked worker. */
void altair_eval_guest_template_serve(void);

#endif
