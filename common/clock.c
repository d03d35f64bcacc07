/*
 * The monotonic clock in milliseconds; see clock.h.
 */
#include "clock.h"

#include <time.h>

uint64_t altair_eval_now_ms(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t) now.tv_sec * 1000 + (uint64_t) now.tv_nsec / 1000000;
}
