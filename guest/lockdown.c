/* PLACEHOLDER: replaced by the real kernel lockdown. */
#include <stdio.h>
#include <string.h>
#include "lockdown.h"

int altair_eval_lockdown_apply(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	memset(report, 0, sizeof(*report));
	snprintf(report->notes[report->note_count++], ALTAIR_EVAL_LOCKDOWN_NOTE_LEN, "kernel lockdown: not built yet");
	return 0;
}

const char *altair_eval_lockdown_features(void)
{
	return "none";
}
