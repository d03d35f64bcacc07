/* See sql.h: what both readings of a statement share (the relay's own, relay/pgsql/lexer.c, and
 * PostgreSQL's parser, relay/pgsql/grammar.c): the settings and functions a guarded mode refuses,
 * the client encodings the relay reads. */
#include "sql.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The settings no client may change or reset. The guard holds without the relay's refusal (the
 * read-only transaction has taken its snapshot: the server refuses to make it read-write; the
 * default_ ones apply to transactions after the guard), but the refusal says why clearly; the
 * relay reads statements as the server does only with standard_conforming_strings on. */
#define GUARDED(name) {name, "SET " name, "RESET " name}
static const struct {
	const char *name, *set, *reset;
} guarded_settings[] = {
	GUARDED("transaction_read_only"), GUARDED("default_transaction_read_only"), GUARDED("session_replication_role"),
	GUARDED("standard_conforming_strings"),
};

const char *altair_pgsql_setting_refused(const char *name, size_t length, bool reset)
{
	for (size_t i = 0; i < sizeof(guarded_settings) / sizeof(guarded_settings[0]); i++) {
		if (strlen(guarded_settings[i].name) == length && strncasecmp(guarded_settings[i].name, name, length) == 0) {
			return reset ? guarded_settings[i].reset : guarded_settings[i].set;
		}
	}
	return NULL;
}

/* Functions whose effects are outside the transaction (another session ended, the server's files,
 * its configuration, its statistics, other servers), or that run SQL from a string the relay
 * cannot read. Refused in read-only and rollback modes. */
static const char *const refused_functions[] = {
	"pg_terminate_backend", "pg_cancel_backend", "pg_reload_conf", "pg_rotate_logfile", "pg_promote", "pg_switch_wal",
	"pg_create_restore_point", "pg_log_backend_memory_contexts", "pg_stat_reset", "pg_stat_reset_shared",
	"pg_stat_reset_single_table_counters", "pg_stat_reset_single_function_counters", "pg_stat_reset_slru",
	"pg_stat_reset_replication_slot", "pg_stat_reset_subscription_stats", "pg_create_physical_replication_slot",
	"pg_create_logical_replication_slot", "pg_drop_replication_slot", "pg_copy_physical_replication_slot",
	"pg_copy_logical_replication_slot", "pg_replication_slot_advance", "pg_logical_emit_message",
	"pg_replication_origin_create", "pg_replication_origin_drop", "pg_replication_origin_advance",
	"pg_replication_origin_session_setup", "pg_wal_replay_pause", "pg_wal_replay_resume", "pg_backup_start",
	"pg_backup_stop", "pg_import_system_collations", "lo_import", "lo_export", "pg_file_write", "pg_file_rename",
	"pg_file_unlink", "pg_file_sync", "pg_logfile_rotate", "dblink", "dblink_exec", "dblink_connect",
	"dblink_connect_u", "dblink_send_query", "dblink_open", "query_to_xml", "query_to_xmlschema",
	"query_to_xml_and_xmlschema", "ts_stat", "ts_rewrite", "set_config",
};

const char *altair_pgsql_function_refused(const char *name, size_t length, altair_relay_mode mode)
{
	if (mode == ALTAIR_RELAY_WRITES) {
		return NULL;
	}
	for (size_t i = 0; i < sizeof(refused_functions) / sizeof(refused_functions[0]); i++) {
		if (strlen(refused_functions[i]) == length && strncasecmp(refused_functions[i], name, length) == 0) {
			return refused_functions[i];
		}
	}
	return NULL;
}

bool altair_pgsql_encoding_safe(const char *name, size_t length)
{
	/* PostgreSQL's names and aliases of these encodings (pg_encname_tbl), compared as it compares
	 * them: letters and digits only, in lower case. */
	static const char *const unsafe[] = {
		"sjis", "shiftjis", "mskanji", "win932", "cp932", "shiftjis2004", "big5", "win950", "cp950", "gbk", "win936", "cp936",
		"uhc", "win949", "cp949", "gb18030", "johab",
	};
	char clean[32];
	size_t n = 0;
	for (size_t i = 0; i < length; i++) {
		char c = name[i];
		if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
			if (n + 1 >= sizeof(clean)) {
				return true; /* no such encoding: the server refuses the name itself */
			}
			clean[n++] = (char) (c >= 'A' && c <= 'Z' ? c + 32 : c);
		}
	}
	clean[n] = '\0';
	for (size_t i = 0; i < sizeof(unsafe) / sizeof(unsafe[0]); i++) {
		if (strcmp(clean, unsafe[i]) == 0) {
			return false;
		}
	}
	return true;
}
