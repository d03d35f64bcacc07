/*
 * One number from /proc/self/status ("VmHWM:", "Threads:"), read through a descriptor so that it
 * works after the lockdown hid /proc. Plain C, no allocation.
 */
#ifndef ALTAIR_EVAL_COMMON_PROC_STATUS_H
#define ALTAIR_EVAL_COMMON_PROC_STATUS_H

/* The value after "<field>:" (kB fields in kB), or -1 when fd < 0 or the field is missing. */
long long altair_eval_proc_status_value(int fd, const char *field);

#endif
