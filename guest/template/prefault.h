/*
 * A waiting worker takes its page faults before its request (guest/template/prefault.c;
 * docs/ARCHITECTURE.md, "The warm template", "Faults before the request").
 *
 * A forked worker shares its template's memory until it touches it: the first read of a page of
 * code or of opcache's shared memory maps it (about 1 µs each on this VM: fork copies no page
 * table entries of a shared or file mapping), the first write to a heap page copies it (about
 * 2 µs). A Laravel count took about 370 of them, a third of a warm call. The template lists,
 * once, the ranges a request will touch; a waiting worker populates them (madvise
 * MADV_POPULATE_READ / MADV_POPULATE_WRITE, Linux 5.14) and stops as soon as its request comes.
 * Plain C.
 */
#ifndef ALTAIR_EVAL_TEMPLATE_PREFAULT_H
#define ALTAIR_EVAL_TEMPLATE_PREFAULT_H

#include <stdbool.h>
#include <stddef.h>

/* In the template, before its first worker: the ranges to populate, copying at most write_bytes
 * (0: nothing at all). Without MADV_POPULATE_* (a kernel before 5.14) the plan is empty. */
void altair_eval_template_prefault_plan(size_t write_bytes);

/* In the template: a request runs (its worker was handed it) or none does (its worker is gone). */
void altair_eval_template_prefault_busy(bool busy);

/* In the template, a request just came: waiting workers stop at their next piece, before its
 * worker is handed it (no wake-up: a worker that sleeps now sleeps on; the busy call after the
 * hand-over wakes them, its own worker among them). */
void altair_eval_template_prefault_hold(void);

/* In a waiting worker: populates the plan while no request runs, stopping for good once wake (its
 * own request's eventfd) is readable. */
void altair_eval_template_prefault(int wake);

/* In a worker, once its request came: the gate is the template's and the waiting workers', not
 * its (left mapped, unused: prefault.c says why). */
void altair_eval_template_prefault_forget(void);

#endif
