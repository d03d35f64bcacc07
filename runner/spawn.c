/*
 * Starting the child with posix_spawn: glibc implements it with clone(CLONE_VM|CLONE_VFORK), so
 * the cost does not grow with the caller's memory the way fork() does, and everything between
 * the clone and the exec is done by libc, async-signal-safely.
 *
 * The child starts in the project root and gets: stdin from /dev/null, stdout and stderr on pipes, the result channel (one end of
 * a socketpair whose first bytes are the token) on ALTAIR_EVAL_CHANNEL_FD, nothing else; its own
 * session and process group (so the whole group can be signalled at the deadline), default signal
 * dispositions and an empty signal mask.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "../php_altair_eval.h"
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <unistd.h>

/* Our descriptors are moved at or above this so that none of them sits on 0..3 in the caller. */
#define ALTAIR_EVAL_FD_FLOOR 10

static int lift(int fd)
{
	int lifted;

	if (fd < 0 || fd >= ALTAIR_EVAL_FD_FLOOR) {
		return fd;
	}
	lifted = fcntl(fd, F_DUPFD_CLOEXEC, ALTAIR_EVAL_FD_FLOOR);
	close(fd);
	return lifted;
}

static void close_all(int *fds, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		if (fds[i] >= 0) {
			close(fds[i]);
			fds[i] = -1;
		}
	}
}

static zend_result send_token(int fd, const unsigned char *token)
{
	size_t done = 0;

	while (done < ALTAIR_EVAL_TOKEN_BYTES) {
		ssize_t n = write(fd, token + done, ALTAIR_EVAL_TOKEN_BYTES - done);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n <= 0) {
			return FAILURE;
		}
		done += (size_t) n;
	}
	return SUCCESS;
}

static zend_result spawn_failed(const char *what, int error)
{
	zend_throw_exception_ex(altair_eval_exception_ce, ALTAIR_EVAL_ERROR_SPAWN,
		"Cannot start the evaluation child: %s: %s", what, strerror(error));
	return FAILURE;
}

zend_result altair_eval_spawn(const altair_eval_command *command, const char *directory, const unsigned char *token,
	altair_eval_child *child)
{
	/* [0]/[1] stdout read/write, [2]/[3] stderr read/write, [4]/[5] channel host/child */
	int fds[6] = { -1, -1, -1, -1, -1, -1 };
	posix_spawn_file_actions_t actions;
	posix_spawnattr_t attributes;
	sigset_t signals;
	short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
	int error;

	if (pipe2(fds, O_CLOEXEC) != 0 || pipe2(fds + 2, O_CLOEXEC) != 0
		|| socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds + 4) != 0) {
		error = errno;
		close_all(fds, 6);
		return spawn_failed("pipes", error);
	}
	for (size_t i = 0; i < 6; i++) {
		if ((fds[i] = lift(fds[i])) < 0) {
			error = errno;
			close_all(fds, 6);
			return spawn_failed("descriptors", error);
		}
	}
	if (send_token(fds[4], token) != SUCCESS) {
		error = errno;
		close_all(fds, 6);
		return spawn_failed("channel", error);
	}

	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
	posix_spawn_file_actions_adddup2(&actions, fds[3], STDERR_FILENO);
	posix_spawn_file_actions_adddup2(&actions, fds[5], ALTAIR_EVAL_CHANNEL_FD);
#ifdef HAVE_POSIX_SPAWN_FILE_ACTIONS_ADDCHDIR_NP
	/* Relative paths in the snippet resolve inside the project, as they would in the app. */
	posix_spawn_file_actions_addchdir_np(&actions, directory);
#endif
#ifdef HAVE_POSIX_SPAWN_FILE_ACTIONS_ADDCLOSEFROM_NP
	/* Whatever the caller has open without O_CLOEXEC (sockets, database handles) stays here. */
	posix_spawn_file_actions_addclosefrom_np(&actions, ALTAIR_EVAL_CHANNEL_FD + 1);
#endif

	posix_spawnattr_init(&attributes);
#if defined(HAVE_DECL_POSIX_SPAWN_SETSID) && HAVE_DECL_POSIX_SPAWN_SETSID
	flags |= POSIX_SPAWN_SETSID;
#else
	flags |= POSIX_SPAWN_SETPGROUP;
	posix_spawnattr_setpgroup(&attributes, 0);
#endif
	posix_spawnattr_setflags(&attributes, flags);
	sigemptyset(&signals);
	posix_spawnattr_setsigmask(&attributes, &signals);
	sigfillset(&signals);
	sigdelset(&signals, SIGKILL);
	sigdelset(&signals, SIGSTOP);
	posix_spawnattr_setsigdefault(&attributes, &signals);

	error = posix_spawn(&child->pid, command->argv[0], &actions, &attributes, command->argv, command->envp);

	posix_spawn_file_actions_destroy(&actions);
	posix_spawnattr_destroy(&attributes);
	close(fds[1]);
	close(fds[3]);
	close(fds[5]);
	if (error != 0) {
		close(fds[0]);
		close(fds[2]);
		close(fds[4]);
		return spawn_failed(command->argv[0], error);
	}
	child->stdout_fd = fds[0];
	child->stderr_fd = fds[2];
	child->channel_fd = fds[4];
	fcntl(child->stdout_fd, F_SETFL, O_NONBLOCK);
	fcntl(child->stderr_fd, F_SETFL, O_NONBLOCK);
	fcntl(child->channel_fd, F_SETFL, O_NONBLOCK);
	return SUCCESS;
}
