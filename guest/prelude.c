/*
 * The child's -r code. Kept small: container() hands over to what the guest booted before the
 * snippet (the files of boot/: plain PHP, because booting calls into the project at every step).
 * Lockdown, running the snippet and reporting stay in C (guest.c), out of the snippet's reach.
 */
#include "prelude.h"

const char altair_eval_guest_prelude[] =
"namespace {\n"
"    /** The project's container, or the entry $id from it (Symfony: private services too). */\n"
"    function container(?string $id = null): mixed {\n"
"        return $id === null ? \\Altair\\Eval\\Guest\\Host::container() : \\Altair\\Eval\\Guest\\Host::get($id);\n"
"    }\n"
"\n"
"    \\Altair\\Eval\\Guest\\main();\n"
"}\n";
