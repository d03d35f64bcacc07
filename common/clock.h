/*
 * The monotonic clock in milliseconds: deadlines of supervision, the relay's timings and the warm
 * template's start. Plain C.
 */
#ifndef ALTAIR_EVAL_COMMON_CLOCK_H
#define ALTAIR_EVAL_COMMON_CLOCK_H

#include <stdint.h>

uint64_t altair_eval_now_ms(void);

#endif
