/* See report.h. */
#include "report.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static bool word_is(const altair_redis_word *word, const char *text)
{
	size_t length = strlen(text);
	if (word->length != length) {
		return false;
	}
	for (size_t i = 0; i < length; i++) {
		unsigned char c = word->data[i];
		if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != (unsigned char) text[i]) {
			return false;
		}
	}
	return true;
}

/* Which words of the command are secrets, a bit per word (AUTH's are all of them: see below). */
static unsigned long long secret_words(const altair_redis_word *words, size_t count)
{
	unsigned long long mask = 0;
	size_t limit = count < 61 ? count : 61; /* so that i + 2 stays a bit of mask */
	if (count == 0) {
		return 0;
	}
	for (size_t i = 1; i < limit; i++) {
		if ((word_is(&words[0], "hello") && i >= 2 && word_is(&words[i], "auth"))
			|| (word_is(&words[0], "migrate") && word_is(&words[i], "auth2"))) {
			mask |= 3ULL << (i + 1); /* user and password */
		} else if (word_is(&words[0], "migrate") && word_is(&words[i], "auth")) {
			mask |= 1ULL << (i + 1);
		} else if (word_is(&words[0], "config") && i >= 2 && i % 2 == 0 && count >= 2 && word_is(&words[1], "set")
			&& (word_is(&words[i], "requirepass") || word_is(&words[i], "masterauth"))) {
			mask |= 1ULL << (i + 1);
		} else if (word_is(&words[0], "acl") && i >= 3 && words[i].length > 0
			&& (words[i].data[0] == '>' || words[i].data[0] == '<' || words[i].data[0] == '#' || words[i].data[0] == '!')) {
			mask |= 1ULL << i;
		}
	}
	return mask;
}

size_t altair_redis_query_text(const altair_redis_word *words, size_t count, char *out)
{
	unsigned long long mask = secret_words(words, count);
	bool auth = count > 0 && word_is(&words[0], "auth"); /* every word after AUTH, however many */
	size_t length = 0;
	for (size_t i = 0; i < count && length < ALTAIR_REDIS_QUERY_TEXT_MAX; i++) {
		const unsigned char *data = words[i].data;
		size_t size = words[i].length;
		if ((auth && i > 0) || (i < 64 && (mask >> i) & 1)) {
			data = (const unsigned char *) ALTAIR_REDIS_MASK;
			size = strlen(ALTAIR_REDIS_MASK);
		}
		if (i > 0) {
			out[length++] = ' ';
		}
		size_t room = ALTAIR_REDIS_QUERY_TEXT_MAX - length;
		memcpy(out + length, data, size < room ? size : room);
		length += size < room ? size : room;
	}
	if (length >= ALTAIR_REDIS_QUERY_TEXT_MAX) {
		length = ALTAIR_REDIS_QUERY_TEXT_MAX;
		memcpy(out + length, "...", 3);
		length += 3;
	}
	return length;
}

/* The command's name as a refusal shows it: upper case, only plain characters, never CR/LF. */
static size_t shown_name(const altair_redis_word *word, char *out, size_t size)
{
	size_t length = 0;
	for (size_t i = 0; i < word->length && length + 1 < size; i++) {
		unsigned char c = word->data[i];
		c = c >= 'a' && c <= 'z' ? c - 32 : c;
		out[length++] = (char) ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '|'
			|| c == '.' || c == ':' ? c : '?');
	}
	out[length] = '\0';
	return length;
}

size_t altair_redis_refusal(const altair_redis_word *words, size_t count, int subcommand, altair_relay_mode mode,
	char *out, size_t size)
{
	char kind[80] = "command";
	if (count > 0 && words[0].length > 0) {
		size_t length = shown_name(&words[0], kind, 33);
		if (subcommand && count > 1) {
			kind[length++] = ' ';
			shown_name(&words[1], kind + length, 33);
		}
	}
	char sentence[512];
	altair_relay_refusal(sentence, sizeof(sentence), kind, mode);
	/* Not "ERR ...": phpredis returns false for an ERR reply and throws a RedisException for any
	 * other, and the snippet should see its driver's exception (docs/relay.md, "Redis"). */
	int written = snprintf(out, size, "-%s%s\r\n", sentence,
		mode == ALTAIR_RELAY_ROLLBACK ? "; Redis cannot roll a write back, so rollback mode refuses every write" : "");
	return written < 0 ? 0 : (size_t) written >= size ? size - 1 : (size_t) written;
}
