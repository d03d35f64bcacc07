/* See policy.h. */
#include "policy.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef enum {
	SLOT_EMPTY = 0,
	SLOT_READ_ONLY,
	SLOT_NOT_READ_ONLY,
	SLOT_NO_COMMAND,
} slot_state;

typedef struct {
	char name[ALTAIR_REDIS_NAME_MAX + 1];
	unsigned char state; /* slot_state */
	bool has_subcommands;
} slot;

struct altair_redis_flags {
	slot slots[ALTAIR_REDIS_FLAG_SLOTS];
	size_t used;
};

altair_redis_flags *altair_redis_flags_new(void)
{
	return calloc(1, sizeof(altair_redis_flags));
}

void altair_redis_flags_free(altair_redis_flags *flags)
{
	free(flags);
}

bool altair_redis_lower_name(const altair_redis_word *word, char *out)
{
	if (word->length > ALTAIR_REDIS_NAME_MAX) {
		return false;
	}
	for (size_t i = 0; i < word->length; i++) {
		unsigned char c = word->data[i];
		if (c == '\0') {
			return false; /* no command has one; as a C string the name would read shorter */
		}
		out[i] = (char) (c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	out[word->length] = '\0';
	return true;
}

static size_t slot_index(const char *name)
{
	uint32_t hash = 2166136261u; /* FNV-1a */
	for (const unsigned char *p = (const unsigned char *) name; *p; p++) {
		hash = (hash ^ *p) * 16777619u;
	}
	return hash % ALTAIR_REDIS_FLAG_SLOTS;
}

/* The slot holding name, or the empty slot where it would go; NULL when the table is full. */
static const slot *find(const altair_redis_flags *flags, const char *name)
{
	size_t at = slot_index(name);
	for (size_t probe = 0; probe < ALTAIR_REDIS_FLAG_SLOTS; probe++) {
		const slot *s = &flags->slots[(at + probe) % ALTAIR_REDIS_FLAG_SLOTS];
		if (s->state == SLOT_EMPTY || strcmp(s->name, name) == 0) {
			return s;
		}
	}
	return NULL;
}

/* Records a name; a full table keeps what it has (the name stays unknown: never passes). */
static void remember(altair_redis_flags *flags, const char *name, slot_state state, bool has_subcommands)
{
	slot *s = (slot *) find(flags, name);
	if (!s || (s->state == SLOT_EMPTY && flags->used + 1 >= ALTAIR_REDIS_FLAG_SLOTS)) {
		return;
	}
	if (s->state == SLOT_EMPTY) {
		flags->used++;
		strcpy(s->name, name);
	}
	s->state = (unsigned char) state;
	s->has_subcommands = has_subcommands;
}

/* A key specification's flags say it may change a key (RW, OW, RM, or an update/insert/delete):
 * PFCOUNT is flagged readonly but rewrites the HyperLogLog's cached cardinality. */
static bool key_spec_writes(altair_redis_reader *reader, const altair_redis_item *spec)
{
	for (int64_t i = 0; i + 1 < spec->count; i += 2) {
		altair_redis_item key, value;
		if (!altair_redis_read(reader, &key)) {
			return true;
		}
		if (key.count != 0 || !altair_redis_item_is(&key, "flags")) {
			if ((key.count > 0 && !altair_redis_skip_children(reader, &key)) || !altair_redis_skip(reader)) {
				return true;
			}
			continue;
		}
		if (!altair_redis_read(reader, &value) || value.count < 0) {
			return true;
		}
		bool writes = false;
		for (int64_t j = 0; j < value.count; j++) {
			altair_redis_item flag;
			if (!altair_redis_read(reader, &flag) || flag.count != 0) {
				return true;
			}
			writes |= altair_redis_item_is(&flag, "RW") || altair_redis_item_is(&flag, "OW")
				|| altair_redis_item_is(&flag, "RM") || altair_redis_item_is(&flag, "update")
				|| altair_redis_item_is(&flag, "insert") || altair_redis_item_is(&flag, "delete");
		}
		if (writes) {
			return true;
		}
	}
	return (spec->count & 1) != 0;
}

static bool learn_entry(altair_redis_flags *flags, altair_redis_reader *reader, const char *asked, int depth);

/* Reads one COMMAND INFO entry's elements after its name: arity, flags, first/last key, step,
 * ACL categories, tips, key specifications, subcommands (Redis 7; older servers stop earlier). */
static bool learn_fields(altair_redis_flags *flags, altair_redis_reader *reader, const altair_redis_item *entry,
	const char *name, int depth)
{
	bool read_only = false, vetoed = false, has_subcommands = false;
	for (int64_t field = 1; field < entry->count; field++) {
		altair_redis_item item;
		if (!altair_redis_read(reader, &item)) {
			return false;
		}
		if (field == 2 && item.count >= 0 && item.type != '$' && item.type != '+') {
			for (int64_t i = 0; i < item.count; i++) {
				altair_redis_item flag;
				if (!altair_redis_read(reader, &flag) || flag.count != 0) {
					return false;
				}
				read_only |= altair_redis_item_is(&flag, "readonly");
				/* A flag that says the command changes data or the server, whatever else it says. */
				vetoed |= altair_redis_item_is(&flag, "write") || altair_redis_item_is(&flag, "admin")
					|| altair_redis_item_is(&flag, "may_replicate") || altair_redis_item_is(&flag, "pubsub");
			}
		} else if (field == 8 && item.count > 0 && item.type != '$') {
			for (int64_t i = 0; i < item.count; i++) {
				altair_redis_item spec;
				if (!altair_redis_read(reader, &spec) || spec.count < 0) {
					return false;
				}
				altair_redis_reader again = *reader;
				vetoed |= key_spec_writes(&again, &spec);
				if (!altair_redis_skip_children(reader, &spec)) {
					return false;
				}
			}
		} else if (field == 9 && item.count > 0 && item.type != '$' && depth == 0) {
			has_subcommands = true;
			for (int64_t i = 0; i < item.count; i++) {
				if (!learn_entry(flags, reader, NULL, depth + 1)) {
					return false;
				}
			}
		} else if (item.count > 0 && !altair_redis_skip_children(reader, &item)) {
			return false;
		}
	}
	remember(flags, name, read_only && !vetoed ? SLOT_READ_ONLY : SLOT_NOT_READ_ONLY, has_subcommands);
	return true;
}

static bool learn_entry(altair_redis_flags *flags, altair_redis_reader *reader, const char *asked, int depth)
{
	altair_redis_item entry, name_item;
	if (!altair_redis_read(reader, &entry)) {
		return false;
	}
	if (entry.type == '_' || entry.count < 0 || (entry.type == '$' && entry.count == -1)) {
		if (asked) {
			remember(flags, asked, SLOT_NO_COMMAND, false);
		}
		return true;
	}
	if (entry.count < 1 || (entry.type != '*' && entry.type != '~')) {
		return entry.count > 0 ? altair_redis_skip_children(reader, &entry) : true;
	}
	if (!altair_redis_read(reader, &name_item) || name_item.count != 0 || (name_item.type != '$' && name_item.type != '+')) {
		return false;
	}
	char name[ALTAIR_REDIS_NAME_MAX + 1];
	altair_redis_word word = {name_item.data, name_item.length};
	if (!altair_redis_lower_name(&word, name) || strlen(name) != name_item.length) {
		altair_redis_item rest = entry;
		rest.count = entry.count - 1;
		return altair_redis_skip_children(reader, &rest);
	}
	return learn_fields(flags, reader, &entry, name, depth);
}

altair_redis_learn_result altair_redis_flags_learn(altair_redis_flags *flags, const unsigned char *reply, size_t length,
	const char *asked)
{
	altair_redis_reader reader = {reply, length, 0};
	altair_redis_item top;
	if (!altair_redis_read(&reader, &top)) {
		return ALTAIR_REDIS_LEARN_MALFORMED;
	}
	if (top.type == '-' || top.type == '!') {
		return ALTAIR_REDIS_LEARN_SERVER_ERROR;
	}
	if (top.type != '*' || top.count < 0) {
		return ALTAIR_REDIS_LEARN_MALFORMED;
	}
	for (int64_t i = 0; i < top.count; i++) {
		if (!learn_entry(flags, &reader, asked, 0)) {
			return ALTAIR_REDIS_LEARN_MALFORMED;
		}
	}
	return ALTAIR_REDIS_LEARNED;
}

altair_redis_decision altair_redis_flags_decide(const altair_redis_flags *flags, const char *name,
	const altair_redis_word *words, size_t count, bool complete)
{
	const slot *s = find(flags, name);
	if (!s || s->state == SLOT_EMPTY) {
		return complete ? ALTAIR_REDIS_REFUSE : ALTAIR_REDIS_ASK;
	}
	if (!s->has_subcommands) {
		return s->state == SLOT_READ_ONLY ? ALTAIR_REDIS_PASS : ALTAIR_REDIS_REFUSE;
	}
	/* A container (CONFIG, OBJECT, ...): its subcommand's own flags decide; the subcommands were
	 * learned with it, so one missing is none the server has. */
	char sub[ALTAIR_REDIS_NAME_MAX + 1], key[2 * ALTAIR_REDIS_NAME_MAX + 2];
	if (count < 2 || !altair_redis_lower_name(&words[1], sub) || strlen(name) + 1 + strlen(sub) > ALTAIR_REDIS_NAME_MAX) {
		return ALTAIR_REDIS_REFUSE;
	}
	strcpy(key, name);
	strcat(key, "|");
	strcat(key, sub);
	s = find(flags, key);
	return s && s->state == SLOT_READ_ONLY ? ALTAIR_REDIS_PASS : ALTAIR_REDIS_REFUSE;
}

bool altair_redis_flags_is_container(const altair_redis_flags *flags, const char *name)
{
	const slot *s = find(flags, name);
	return s && s->state != SLOT_EMPTY && s->has_subcommands;
}

static bool word_is(const altair_redis_word *word, const char *text)
{
	char lower[ALTAIR_REDIS_NAME_MAX + 1];
	return altair_redis_lower_name(word, lower) && strlen(lower) == word->length && strcmp(lower, text) == 0;
}

bool altair_redis_is_connection_command(const char *name, const altair_redis_word *words, size_t count)
{
	/* AUTH, HELLO (protocol version, its AUTH and SETNAME): log in, needed before anything else.
	 * PING, ECHO, TIME: answer from the server's state, change nothing. SELECT: which database the
	 * connection reads. QUIT, RESET: end or reset this connection only (RESET also leaves MULTI,
	 * which the engine tracks). WATCH, UNWATCH: optimistic locking for MULTI, no data changed.
	 * INFO, COMMAND: describe the server (COMMAND is also how the relay learns its flags).
	 * MULTI, EXEC, DISCARD are not here: the engine handles them (only read-only commands queued). */
	static const char *const names[] = {
		"auth", "hello", "ping", "echo", "time", "select", "quit", "reset", "watch", "unwatch", "info", "command",
	};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(name, names[i]) == 0) {
			return true;
		}
	}
	/* CLIENT SETNAME/GETNAME/SETINFO label this connection; ID and INFO describe it. Not TRACKING
	 * (invalidation pushes, REDIRECT to another connection), REPLY (replies the engine could no
	 * longer pair with commands), KILL, PAUSE, NO-EVICT, LIST (other clients): their flags decide. */
	if (strcmp(name, "client") == 0 && count >= 2) {
		return word_is(&words[1], "setname") || word_is(&words[1], "getname") || word_is(&words[1], "setinfo")
			|| word_is(&words[1], "id") || word_is(&words[1], "info");
	}
	return false;
}
