/*
 * What a booted template's boot read through PHP's own file layer (template/reads.h;
 * docs/ARCHITECTURE.md, "Booted templates", "What is stale"). While the boot runs, the plain-files
 * wrapper's opener is wrapped: every file it opens (an include, file_get_contents, fopen, parse_ini_file,
 * SplFileObject, a libxml load) is given to template/deps.c with the identity its descriptor has
 * (device, inode) and its path. What PHP read that way is code or configuration; a file the boot
 * opened by other means is data (SQLite's pager opens its database itself).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "main/php_streams.h"
#include "main/streams/php_stream_plain_wrapper.h"
#include "reads.h"
#include "deps.h"

static const php_stream_wrapper_ops *original_ops;
static php_stream_wrapper_ops recording_ops;

static php_stream *recording_opener(php_stream_wrapper *wrapper, const char *path, const char *mode, int options,
	zend_string **opened_path, php_stream_context *context STREAMS_DC)
{
	zend_string *ours = NULL;
	zend_string **asked = opened_path ? opened_path : &ours;
	php_stream *stream = original_ops->stream_opener(wrapper, path, mode, options, asked, context STREAMS_REL_CC);
	php_stream_statbuf info;

	if (stream && php_stream_stat(stream, &info) == 0) {
		altair_eval_template_deps_read(info.sb.st_dev, info.sb.st_ino, *asked ? ZSTR_VAL(*asked) : path);
	}
	if (ours) {
		zend_string_release(ours);
	}
	return stream;
}

void altair_eval_template_reads_start(void)
{
	if (original_ops || !php_plain_files_wrapper.wops || !php_plain_files_wrapper.wops->stream_opener) {
		return;
	}
	original_ops = php_plain_files_wrapper.wops;
	recording_ops = *original_ops;
	recording_ops.stream_opener = recording_opener;
	php_plain_files_wrapper.wops = &recording_ops;
}

void altair_eval_template_reads_stop(void)
{
	zend_string *file;

	if (original_ops) {
		php_plain_files_wrapper.wops = original_ops;
		original_ops = NULL;
	}
	/* Every file the boot loaded, by its path: opcache may have served one without opening it. */
	ZEND_HASH_FOREACH_STR_KEY(&EG(included_files), file) {
		if (file) {
			altair_eval_template_deps_read(0, 0, ZSTR_VAL(file));
		}
	} ZEND_HASH_FOREACH_END();
}
