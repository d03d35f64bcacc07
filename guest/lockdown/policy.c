/*
 * The lockdown's report notes; the types are in lockdown/policy.h.
 */

#include "internal.h"

void altair_eval_lockdown_note(altair_eval_lockdown_report *report, const char *format, ...)
{
	va_list args;

	if (report->note_count >= ALTAIR_EVAL_LOCKDOWN_MAX_NOTES) {
		return;
	}
	va_start(args, format);
	vsnprintf(report->notes[report->note_count], ALTAIR_EVAL_LOCKDOWN_NOTE_LEN, format, args);
	va_end(args);
	/* Once each: a booted worker's report starts from its template's, whose steps said it already. */
	for (size_t i = 0; i < report->note_count; i++) {
		if (strcmp(report->notes[i], report->notes[report->note_count]) == 0) {
			return;
		}
	}
	report->note_count++;
}
