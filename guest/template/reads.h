/*
 * What a booted template's boot read through PHP's own file layer (guest/template/reads.c;
 * docs/ARCHITECTURE.md, "Booted templates", "What is stale"): each file PHP opened while the boot
 * ran, and every file it loaded, go to template/deps.c, which tells the boot's code and
 * configuration (what PHP read) from its data (what a library opened itself: a SQLite database).
 */
#ifndef ALTAIR_EVAL_TEMPLATE_READS_H
#define ALTAIR_EVAL_TEMPLATE_READS_H

/* Just before the boot: PHP's plain-files opener records what it opens. */
void altair_eval_template_reads_start(void);
/* Just after it (also after a fatal error): the opener as it was, and the files the boot loaded. */
void altair_eval_template_reads_stop(void);

#endif
