/*
 * altair-client: `bin/altair eval` while the project's server runs (bin/altair serve), without a
 * PHP start of its own. The launcher (bin/altair.sh) runs it where it would start a thin PHP:
 *
 *   altair-client MARKER COUNT ARG... FALLBACK...
 *
 * MARKER is the server's marker in the runtime directory (a link to its socket), ARG... the COUNT
 * words of the command line (`eval` first), FALLBACK the thin PHP's command line, which it becomes
 * (execv) whenever the server does not take the call: no server, another version, another user,
 * a command line the server leaves to the PHP front-end (docs/cli.md, "The server's client"). The
 * server parses the command line, evaluates and renders exactly as the PHP front-end would, in the
 * client's working directory and with its ALTAIR_EVAL_DATABASES; this prints what it answers and
 * exits with its exit code. Once the call is sent it never falls back (the call may have run):
 * a server that goes away then is reported, exit 1, as the PHP client reports it.
 *
 * The messages are php/src/Serve/Wire.php's: a 4-byte big-endian length, then a serialize()d
 * array. What the server sends is read by wire.c, a bounded parser of that subset.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include "../common/fdio.h"
#include "wire.h"

#define CLIENT_PROTOCOL 1
/* The PHP client waits for the call's timeout plus this margin (SocketClient::MARGIN_SECONDS);
 * the call's timeout is the server's to check, so this waits for the longest one allowed. */
#define CLIENT_WAIT_MS ((600 + 30) * 1000)
#define CLIENT_EXIT_FAILED 1
/* php/src/Serve/Wire.php's MAX_BYTES */
#define CLIENT_MESSAGE_MAX (256u * 1024 * 1024)
/* The environment the command line reads (OptionReader), passed on as the client has it. */
static const char *const passed_variables[] = { "ALTAIR_EVAL_DATABASES", NULL };

static char *const *fallback_argv;

/* Becomes the thin PHP; only before the call was sent. */
static void fall_back(void)
{
	execv(fallback_argv[0], fallback_argv);
	fprintf(stderr, "altair: cannot start %s: %s\n", fallback_argv[0], strerror(errno));
	exit(CLIENT_EXIT_FAILED);
}

/* The directory of the marker: this user's, mode 0700, not a link (RuntimeDir::isPrivate). */
static bool private_directory(const char *marker)
{
	char directory[PATH_MAX];
	const char *slash = strrchr(marker, '/');
	struct stat info;

	if (!slash || slash == marker || (size_t) (slash - marker) >= sizeof(directory)) {
		return false;
	}
	memcpy(directory, marker, (size_t) (slash - marker));
	directory[slash - marker] = '\0';
	return lstat(directory, &info) == 0 && S_ISDIR(info.st_mode) && info.st_uid == geteuid()
		&& (info.st_mode & 077) == 0;
}

/* A failure's words on one line, inert for a terminal (as ErrorLine prints them). */
static void print_inert(const char *text, size_t length)
{
	for (size_t i = 0; i < length; i++) {
		unsigned char c = (unsigned char) text[i];
		fputc(c < 0x20 || c == 0x7f ? ' ' : c, stderr);
	}
}

/* The marker links to the socket by its name in the same directory (SocketServer::bind()), which
 * is short where the marker, named by the project's path, may not fit in a socket address. */
static bool socket_path(const char *marker, char *path, size_t size)
{
	char target[NAME_MAX + 1];
	ssize_t length = readlink(marker, target, sizeof(target) - 1);
	const char *slash = strrchr(marker, '/');

	if (length <= 0 || !slash) {
		return false;
	}
	target[length] = '\0';
	if (strchr(target, '/') || strcmp(target, ".") == 0 || strcmp(target, "..") == 0) {
		return false;
	}
	return snprintf(path, size, "%.*s/%s", (int) (slash - marker), marker, target) < (int) size;
}

static int connect_to(const char *marker)
{
	struct sockaddr_un address = { .sun_family = AF_UNIX };
	struct ucred peer;
	socklen_t length = sizeof(peer);
	struct timeval wait = { .tv_sec = CLIENT_WAIT_MS / 1000 };
	int fd;

	if (!socket_path(marker, address.sun_path, sizeof(address.sun_path))) {
		return -1;
	}
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		return -1;
	}
	/* The server's uid as the kernel knows it: a server of another user is never spoken to. A
	 * read waits for the longest call there can be (a server that hangs is not waited for ever). */
	if (connect(fd, (struct sockaddr *) &address, sizeof(address)) != 0
		|| getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &length) != 0 || peer.uid != geteuid()
		|| setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof(wait)) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* One message's payload (malloc'd, *length bytes), or NULL. */
static char *receive(int fd, size_t *length)
{
	unsigned char header[4];
	char *payload;

	if (!altair_eval_fdio_read_all(fd, header, sizeof(header))) {
		return NULL;
	}
	*length = (size_t) header[0] << 24 | (size_t) header[1] << 16 | (size_t) header[2] << 8 | header[3];
	if (*length > CLIENT_MESSAGE_MAX || !(payload = malloc(*length ? *length : 1))) {
		return NULL;
	}
	if (!altair_eval_fdio_read_all(fd, payload, *length)) {
		free(payload);
		return NULL;
	}
	return payload;
}

static bool send_request(int fd, int count, char **arguments)
{
	altair_client_buffer out = {0};
	char cwd[PATH_MAX];
	size_t passed = 0;
	bool sent;

	if (!getcwd(cwd, sizeof(cwd))) {
		return false;
	}
	for (const char *const *name = passed_variables; *name; name++) {
		passed += getenv(*name) != NULL;
	}
	/* Four bytes of length first, filled in below. */
	altair_client_buffer_append(&out, "\0\0\0\0", 4);
	altair_client_put_array(&out, 5);
	altair_client_put_key(&out, "protocol");
	altair_client_put_int(&out, CLIENT_PROTOCOL);
	altair_client_put_key(&out, "op");
	altair_client_put_string(&out, "cli", 3);
	altair_client_put_key(&out, "args");
	altair_client_put_array(&out, (size_t) count - 1);
	for (int i = 1; i < count; i++) { /* after `eval` */
		altair_client_put_index(&out, (size_t) i - 1);
		altair_client_put_string(&out, arguments[i], strlen(arguments[i]));
	}
	altair_client_put_end(&out);
	altair_client_put_key(&out, "cwd");
	altair_client_put_string(&out, cwd, strlen(cwd));
	altair_client_put_key(&out, "env");
	altair_client_put_array(&out, passed);
	for (const char *const *name = passed_variables; *name; name++) {
		const char *value = getenv(*name);
		if (value) {
			altair_client_put_key(&out, *name);
			altair_client_put_string(&out, value, strlen(value));
		}
	}
	altair_client_put_end(&out);
	altair_client_put_end(&out);
	if (out.failed || out.length - 4 > CLIENT_MESSAGE_MAX) {
		free(out.data);
		return false;
	}
	size_t payload = out.length - 4;
	out.data[0] = (char) (payload >> 24);
	out.data[1] = (char) (payload >> 16);
	out.data[2] = (char) (payload >> 8);
	out.data[3] = (char) payload;
	sent = altair_eval_fdio_write_all(fd, out.data, out.length);
	free(out.data);
	return sent;
}

/* Prints the server's answer (which points into payload, freed here); the exit code. */
static int answer(const altair_client_reply *reply, char *payload)
{
	int code = CLIENT_EXIT_FAILED;

	if (reply->has_exit) {
		fwrite(reply->out, 1, reply->out_length, stdout);
		fflush(stdout);
		fwrite(reply->err, 1, reply->err_length, stderr);
		code = (int) reply->exit_code;
	} else {
		fputs("altair: the project's server: ", stderr);
		if (reply->message) {
			print_inert(reply->message, reply->message_length);
		} else {
			fputs("no answer.", stderr);
		}
		fputc('\n', stderr);
	}
	free(payload);
	return code;
}

int main(int argc, char **argv)
{
	altair_client_reply reply;
	char *payload, *end;
	size_t length;
	long count;
	int fd;

	if (argc < 4) {
		fprintf(stderr, "usage: altair-client MARKER COUNT ARG... FALLBACK...\n");
		return 2;
	}
	errno = 0;
	count = strtol(argv[2], &end, 10);
	if (errno || *end || count < 1 || count > argc - 4 || strcmp(argv[3], "eval") != 0) {
		fprintf(stderr, "altair-client: malformed command line\n");
		return 2;
	}
	fallback_argv = argv + 3 + count;
	/* As PHP's CLI: a reader that went away (`| head -1`) ends no output with a signal. */
	signal(SIGPIPE, SIG_IGN);

	if (!private_directory(argv[1]) || (fd = connect_to(argv[1])) < 0) {
		fall_back();
	}
	payload = receive(fd, &length);
	if (!payload || !altair_client_parse(payload, length, &reply) || reply.protocol != CLIENT_PROTOCOL) {
		free(payload);
		fall_back();
	}
	free(payload);
	if (!send_request(fd, (int) count, argv + 3)) {
		fall_back(); /* nothing reached the server, or not all of it: it runs nothing */
	}
	payload = receive(fd, &length);
	close(fd);
	if (!payload || !altair_client_parse(payload, length, &reply)) {
		free(payload);
		fprintf(stderr, "altair: the project's server: no well-formed answer (the connection closed, or the answer was malformed).\n");
		return CLIENT_EXIT_FAILED;
	}
	if (reply.fallback) {
		free(payload);
		fall_back(); /* the server ran nothing */
	}
	return answer(&reply, payload);
}
