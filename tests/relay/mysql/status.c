/*
 * The MySQL engine's status() against a real server (tests/relay/mysql/run.sh): relays ONE client
 * connection through the engine, as tests/relay/proxy.c does, and prints what status() says once
 * the client has closed, before finish():
 *
 *   status MODE UPSTREAM_PORT   prints "ready PORT", then, at the end, one line of JSON:
 *   {"server_version":"…","superuser":N,"guarded":B,"enforced_by":"…","residual":"…"}
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"

extern const altair_relay_engine altair_relay_engine_mysql;

static uint64_t now_ns(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t) now.tv_sec * 1000000000u + (uint64_t) now.tv_nsec;
}

static int flush(int fd, altair_relay_buf *buf)
{
	while (buf->length > 0) {
		ssize_t n = send(fd, buf->data, buf->length, MSG_NOSIGNAL);
		if (n <= 0) {
			return -1;
		}
		altair_relay_buf_consume(buf, (size_t) n);
	}
	return 0;
}

int main(int argc, char **argv)
{
	altair_relay_mode mode = ALTAIR_RELAY_READ_ONLY;
	if (argc != 3) {
		fprintf(stderr, "usage: status read-only|rollback|writes UPSTREAM_PORT\n");
		return 2;
	}
	for (int m = ALTAIR_RELAY_READ_ONLY; m <= ALTAIR_RELAY_WRITES; m++) {
		if (strcmp(argv[1], altair_relay_mode_name((altair_relay_mode) m)) == 0) {
			mode = (altair_relay_mode) m;
		}
	}
	struct sockaddr_in address = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	int listener = socket(AF_INET, SOCK_STREAM, 0);
	socklen_t length = sizeof(address);
	if (listener < 0 || bind(listener, (struct sockaddr *) &address, sizeof(address)) != 0 || listen(listener, 1) != 0
		|| getsockname(listener, (struct sockaddr *) &address, &length) != 0) {
		perror("listen");
		return 1;
	}
	printf("ready %d\n", ntohs(address.sin_port));
	fflush(stdout);
	int client = accept(listener, NULL, NULL);
	struct sockaddr_in upstream = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK), .sin_port = htons((uint16_t) atoi(argv[2]))};
	int server = socket(AF_INET, SOCK_STREAM, 0);
	if (client < 0 || server < 0 || connect(server, (struct sockaddr *) &upstream, sizeof(upstream)) != 0) {
		perror("connect");
		return 1;
	}
	altair_relay_io io = {.now_ns = now_ns};
	altair_relay_config config = {.mode = mode, .label = "status"};
	altair_relay_session *session = altair_relay_engine_mysql.open(&config, &io);
	for (;;) {
		struct pollfd fds[2] = {{.fd = client, .events = POLLIN}, {.fd = server, .events = POLLIN}};
		if (poll(fds, 2, -1) < 0) {
			continue;
		}
		int k = (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) ? 0 : 1;
		unsigned char bytes[16384];
		ssize_t n = recv(fds[k].fd, bytes, sizeof(bytes), 0);
		if (n <= 0) {
			break;
		}
		altair_relay_verdict verdict = k == 0 ? altair_relay_engine_mysql.from_client(session, bytes, (size_t) n)
		                                      : altair_relay_engine_mysql.from_server(session, bytes, (size_t) n);
		if (flush(server, &io.to_server) != 0 || flush(client, &io.to_client) != 0 || verdict == ALTAIR_RELAY_CLOSE) {
			break;
		}
	}
	altair_relay_status status = {.superuser = -1};
	altair_relay_engine_mysql.status(session, &status);
	printf("{\"server_version\":\"%s\",\"superuser\":%d,\"guarded\":%s,\"enforced_by\":\"%s\",\"residual\":\"%s\"}\n",
		status.server_version, status.superuser, status.guarded ? "true" : "false", status.enforced_by ? status.enforced_by : "",
		status.residual ? status.residual : "");
	altair_relay_engine_mysql.finish(session);
	flush(server, &io.to_server);
	altair_relay_engine_mysql.close(session);
	altair_relay_buf_free(&io.to_server);
	altair_relay_buf_free(&io.to_client);
	close(client);
	close(server);
	close(listener);
	return 0;
}
