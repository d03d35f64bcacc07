/*
 * A stand-alone relay for testing one protocol engine against a real server, before and apart
 * from the host's relay (runner/): it accepts clients, connects each to the server and passes the
 * bytes through the engine exactly as the host does. Build with the engine's sources and
 * -DRELAY_ENGINE=altair_relay_engine_<name>:
 *
 *   cc -I relay -DRELAY_ENGINE=altair_relay_engine_pgsql tests/relay/proxy.c relay/buf.c relay/mode.c relay/pgsql/[a-z]*.c -lpg_query (with -DHAVE_PG_QUERY)
 *   proxy MODE LISTEN UPSTREAM [QUERY_LOG]
 *
 * MODE is read-only, rollback or writes; LISTEN is tcp:127.0.0.1:PORT (0: any free port) or
 * unix:PATH; UPSTREAM is tcp:HOST:PORT or unix:PATH. Prints "ready PORT" (or "ready PATH") on
 * stdout once listening; on SIGTERM/SIGINT finishes every session (finish(), flush) and exits 0.
 * QUERY_LOG, when given, receives one JSON object per query the engine reported.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"

#ifndef RELAY_ENGINE
#error "build with -DRELAY_ENGINE=altair_relay_engine_<name>"
#endif
extern const altair_relay_engine RELAY_ENGINE;

#define MAX_CONNECTIONS 64

typedef struct {
	int client, server;
	bool client_open, server_open;
	altair_relay_io io;
	altair_relay_session *session;
} connection;

static volatile sig_atomic_t stopping;
static FILE *query_log;

static void on_signal(int signo)
{
	(void) signo;
	stopping = 1;
}

static uint64_t now_ns(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t) now.tv_sec * 1000000000u + (uint64_t) now.tv_nsec;
}

static void json_string(FILE *out, const char *text, size_t length)
{
	fputc('"', out);
	for (size_t i = 0; i < length; i++) {
		unsigned char c = (unsigned char) text[i];
		if (c == '"' || c == '\\') {
			fprintf(out, "\\%c", c);
		} else if (c < 0x20) {
			fprintf(out, "\\u%04x", c);
		} else {
			fputc(c, out);
		}
	}
	fputc('"', out);
}

static void on_query(void *context, const altair_relay_query *query)
{
	(void) context;
	if (!query_log) {
		return;
	}
	fputs("{\"text\":", query_log);
	json_string(query_log, query->text, query->text_length);
	fputs(",\"params\":", query_log);
	if (query->params_json) {
		fwrite(query->params_json, 1, query->params_length, query_log);
	} else {
		fputs("null", query_log);
	}
	fprintf(query_log, ",\"duration_ns\":%llu,\"rows\":%lld,\"refused\":%s,\"error\":",
		(unsigned long long) query->duration_ns, (long long) query->rows, query->refused ? "true" : "false");
	if (query->error) {
		json_string(query_log, query->error, query->error_length);
	} else {
		fputs("null", query_log);
	}
	fputs("}\n", query_log);
	fflush(query_log);
}

static int parse_mode(const char *text, altair_relay_mode *mode)
{
	for (int m = ALTAIR_RELAY_READ_ONLY; m <= ALTAIR_RELAY_WRITES; m++) {
		if (strcmp(text, altair_relay_mode_name((altair_relay_mode) m)) == 0) {
			*mode = (altair_relay_mode) m;
			return 0;
		}
	}
	return -1;
}

/* tcp:HOST:PORT or unix:PATH into an address; 0 or -1. */
static int parse_address(const char *text, struct sockaddr_storage *address, socklen_t *length)
{
	memset(address, 0, sizeof(*address));
	if (strncmp(text, "unix:", 5) == 0) {
		struct sockaddr_un *un = (struct sockaddr_un *) address;
		if (strlen(text + 5) >= sizeof(un->sun_path)) {
			return -1;
		}
		un->sun_family = AF_UNIX;
		strcpy(un->sun_path, text + 5);
		*length = sizeof(*un);
		return 0;
	}
	if (strncmp(text, "tcp:", 4) != 0) {
		return -1;
	}
	char host[256];
	const char *colon = strrchr(text + 4, ':');
	if (!colon || (size_t) (colon - (text + 4)) >= sizeof(host)) {
		return -1;
	}
	memcpy(host, text + 4, (size_t) (colon - (text + 4)));
	host[colon - (text + 4)] = '\0';
	struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *found;
	if (getaddrinfo(host, colon + 1, &hints, &found) != 0) {
		return -1;
	}
	memcpy(address, found->ai_addr, found->ai_addrlen);
	*length = found->ai_addrlen;
	freeaddrinfo(found);
	return 0;
}

/* Writes what the buffer holds (blocking: the proxy is a test tool); false when the peer is gone. */
static bool flush(int fd, altair_relay_buf *buf)
{
	while (buf->length > 0) {
		ssize_t n = send(fd, buf->data, buf->length, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n <= 0) {
			altair_relay_buf_reset(buf);
			return false;
		}
		altair_relay_buf_consume(buf, (size_t) n);
	}
	return true;
}

static void drop(connection *c)
{
	if (c->session) {
		RELAY_ENGINE.finish(c->session);
		if (c->server_open) {
			flush(c->server, &c->io.to_server);
		}
		if (c->client_open) {
			flush(c->client, &c->io.to_client);
		}
		RELAY_ENGINE.close(c->session);
	}
	if (c->client_open) {
		close(c->client);
	}
	if (c->server_open) {
		close(c->server);
	}
	altair_relay_buf_free(&c->io.to_server);
	altair_relay_buf_free(&c->io.to_client);
	memset(c, 0, sizeof(*c));
}

int main(int argc, char **argv)
{
	altair_relay_mode mode;
	struct sockaddr_storage listen_address, upstream;
	socklen_t listen_length, upstream_length;
	if (argc < 4 || parse_mode(argv[1], &mode) != 0 || parse_address(argv[2], &listen_address, &listen_length) != 0
		|| parse_address(argv[3], &upstream, &upstream_length) != 0) {
		fprintf(stderr, "usage: proxy read-only|rollback|writes tcp:127.0.0.1:PORT|unix:PATH tcp:HOST:PORT|unix:PATH [QUERY_LOG]\n");
		return 2;
	}
	if (argc > 4 && !(query_log = fopen(argv[4], "a"))) {
		perror(argv[4]);
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	struct sigaction action = {.sa_handler = on_signal};
	sigaction(SIGTERM, &action, NULL);
	sigaction(SIGINT, &action, NULL);

	int listener = socket(listen_address.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	int one = 1;
	setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (listen_address.ss_family == AF_UNIX) {
		unlink(((struct sockaddr_un *) &listen_address)->sun_path);
	}
	if (listener < 0 || bind(listener, (struct sockaddr *) &listen_address, listen_length) != 0 || listen(listener, 16) != 0) {
		perror("listen");
		return 1;
	}
	if (listen_address.ss_family == AF_UNIX) {
		printf("ready %s\n", ((struct sockaddr_un *) &listen_address)->sun_path);
	} else {
		struct sockaddr_in bound;
		socklen_t bound_length = sizeof(bound);
		getsockname(listener, (struct sockaddr *) &bound, &bound_length);
		printf("ready %d\n", ntohs(bound.sin_port));
	}
	fflush(stdout);

	static connection connections[MAX_CONNECTIONS];
	altair_relay_config config = {.mode = mode, .label = argv[3]};
	while (!stopping) {
		struct pollfd fds[1 + 2 * MAX_CONNECTIONS];
		int owner[1 + 2 * MAX_CONNECTIONS];
		nfds_t count = 0;
		fds[count++] = (struct pollfd) {.fd = listener, .events = POLLIN};
		for (int i = 0; i < MAX_CONNECTIONS; i++) {
			if (connections[i].session) {
				owner[count] = i;
				fds[count++] = (struct pollfd) {.fd = connections[i].client, .events = POLLIN};
				owner[count] = i;
				fds[count++] = (struct pollfd) {.fd = connections[i].server, .events = POLLIN};
			}
		}
		if (poll(fds, count, -1) < 0) {
			continue;
		}
		if (fds[0].revents & POLLIN) {
			int client = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
			int slot = -1;
			for (int i = 0; i < MAX_CONNECTIONS && slot < 0; i++) {
				slot = connections[i].session ? -1 : i;
			}
			int server = client >= 0 && slot >= 0 ? socket(upstream.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0) : -1;
			if (server >= 0 && connect(server, (struct sockaddr *) &upstream, upstream_length) == 0) {
				connection *c = &connections[slot];
				/* As the host's relay does (runner/relay.c): no Nagle on either leg, whose small
				 * writes would otherwise wait for a delayed ACK. A Unix socket refuses it: fine. */
				setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
				setsockopt(server, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
				c->client = client;
				c->server = server;
				c->client_open = c->server_open = true;
				c->io.on_query = on_query;
				c->io.now_ns = now_ns;
				c->session = RELAY_ENGINE.open(&config, &c->io);
				if (!c->session) {
					drop(c);
				}
			} else {
				if (server >= 0) {
					close(server);
				}
				if (client >= 0) {
					close(client);
				}
			}
		}
		for (nfds_t k = 1; k < count; k++) {
			connection *c = &connections[owner[k]];
			if (!c->session || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) {
				continue;
			}
			bool from_client = fds[k].fd == c->client;
			unsigned char bytes[16384];
			ssize_t n = recv(fds[k].fd, bytes, sizeof(bytes), 0);
			if (n <= 0) {
				if (from_client) {
					c->client_open = false;
					close(c->client);
				} else {
					c->server_open = false;
					close(c->server);
				}
				drop(c);
				continue;
			}
			altair_relay_verdict verdict = from_client ? RELAY_ENGINE.from_client(c->session, bytes, (size_t) n)
			                                           : RELAY_ENGINE.from_server(c->session, bytes, (size_t) n);
			if (verdict == ALTAIR_RELAY_ATTACH && RELAY_ENGINE.attach) {
				RELAY_ENGINE.attach(c->session, NULL); /* its server was connected at the accept: a new one, as asked */
				verdict = ALTAIR_RELAY_CONTINUE;
			}
			bool alive = flush(c->server, &c->io.to_server) & flush(c->client, &c->io.to_client);
			if (verdict == ALTAIR_RELAY_CLOSE || !alive || c->io.to_server.failed || c->io.to_client.failed) {
				drop(c);
			}
		}
	}
	for (int i = 0; i < MAX_CONNECTIONS; i++) {
		if (connections[i].session) {
			drop(&connections[i]);
		}
	}
	close(listener);
	if (query_log) {
		fclose(query_log);
	}
	return 0;
}
