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
#include "SAPI.h"
#include "zend_exceptions.h"
#include "../php_altair_eval.h"
#include "internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <unistd.h>

/* Our descriptors are moved at or above this so that none of them sits on 0..3 in the caller. */
#define ALTAIR_EVAL_FD_FLOOR 10
/* "8.2": the CLI of this very build is php8.2 where several are installed side by side. */
#define ALTAIR_EVAL_STRINGIFY(x) #x
#define ALTAIR_EVAL_VERSION_STRING(major, minor) ALTAIR_EVAL_STRINGIFY(major) "." ALTAIR_EVAL_STRINGIFY(minor)
#define PHP_MAJOR_MINOR_STRING ALTAIR_EVAL_VERSION_STRING(PHP_MAJOR_VERSION, PHP_MINOR_VERSION)

static int lift(int fd, int floor)
{
	int lifted;

	if (fd < 0 || fd >= floor) {
		return fd;
	}
	lifted = fcntl(fd, F_DUPFD_CLOEXEC, floor);
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

static zend_result spawn_failed(const char *what, int error)
{
	zend_throw_exception_ex(altair_eval_exception_ce, ALTAIR_EVAL_ERROR_SPAWN,
		"Cannot start the evaluation child: %s: %s", what, strerror(error));
	return FAILURE;
}

zend_result altair_eval_pipes_open(altair_eval_pipes *pipes, int floor)
{
	int *fds = pipes->fds;
	int error;

	for (size_t i = 0; i < ALTAIR_EVAL_PIPE_FDS; i++) {
		fds[i] = -1;
	}
	if (pipe2(fds + ALTAIR_EVAL_PIPE_OUT_READ, O_CLOEXEC) != 0 || pipe2(fds + ALTAIR_EVAL_PIPE_ERR_READ, O_CLOEXEC) != 0
		|| socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds + ALTAIR_EVAL_PIPE_CHANNEL_HOST) != 0) {
		error = errno;
		altair_eval_pipes_close(pipes);
		return spawn_failed("pipes", error);
	}
	for (size_t i = 0; i < ALTAIR_EVAL_PIPE_FDS; i++) {
		if ((fds[i] = lift(fds[i], floor)) < 0) {
			error = errno;
			altair_eval_pipes_close(pipes);
			return spawn_failed("descriptors", error);
		}
	}
	return SUCCESS;
}

void altair_eval_pipes_close_child_ends(altair_eval_pipes *pipes)
{
	close_all(pipes->fds + ALTAIR_EVAL_PIPE_OUT_WRITE, 1);
	close_all(pipes->fds + ALTAIR_EVAL_PIPE_ERR_WRITE, 1);
	close_all(pipes->fds + ALTAIR_EVAL_PIPE_CHANNEL_CHILD, 1);
}

void altair_eval_pipes_close(altair_eval_pipes *pipes)
{
	close_all(pipes->fds, ALTAIR_EVAL_PIPE_FDS);
}

/* The host ends become the child's descriptors for supervision (non-blocking). */
static void adopt_host_ends(altair_eval_pipes *pipes, altair_eval_child *child)
{
	child->stdout_fd = pipes->fds[ALTAIR_EVAL_PIPE_OUT_READ];
	child->stderr_fd = pipes->fds[ALTAIR_EVAL_PIPE_ERR_READ];
	child->channel_fd = pipes->fds[ALTAIR_EVAL_PIPE_CHANNEL_HOST];
	pipes->fds[ALTAIR_EVAL_PIPE_OUT_READ] = pipes->fds[ALTAIR_EVAL_PIPE_ERR_READ] = -1;
	pipes->fds[ALTAIR_EVAL_PIPE_CHANNEL_HOST] = -1;
	fcntl(child->stdout_fd, F_SETFL, O_NONBLOCK);
	fcntl(child->stderr_fd, F_SETFL, O_NONBLOCK);
	fcntl(child->channel_fd, F_SETFL, O_NONBLOCK);
}

#ifndef HAVE_POSIX_SPAWN_FILE_ACTIONS_ADDCLOSEFROM_NP
/* Without addclosefrom_np (glibc < 2.34, musl): a close action for each descriptor above the
 * channel that the caller has open without close-on-exec, listed from /proc/self/fd now. Racing
 * threads of the caller that open descriptors meanwhile are not covered (altair_eval_spawn_notes
 * says so when /proc/self/fd cannot be read at all). */
static void close_inherited(posix_spawn_file_actions_t *actions)
{
	DIR *directory = opendir("/proc/self/fd");
	struct dirent *entry;

	if (!directory) {
		return;
	}
	while ((entry = readdir(directory)) != NULL) {
		char *end;
		long fd = strtol(entry->d_name, &end, 10);
		int flags;

		if (*end != '\0' || end == entry->d_name || fd <= ALTAIR_EVAL_CHANNEL_FD || fd == dirfd(directory)) {
			continue;
		}
		flags = fcntl((int) fd, F_GETFD);
		if (flags >= 0 && !(flags & FD_CLOEXEC)) {
			posix_spawn_file_actions_addclose(actions, (int) fd);
		}
	}
	closedir(directory);
}
#endif

const char *altair_eval_spawn_note(size_t index)
{
	const char *notes[2] = { NULL, NULL };
	size_t count = 0;

#ifndef HAVE_POSIX_SPAWN_FILE_ACTIONS_ADDCHDIR_NP
	notes[count++] = "working directory: the child starts in the caller's, not the project root "
		"(no posix_spawn_file_actions_addchdir_np in this C library)";
#endif
#ifndef HAVE_POSIX_SPAWN_FILE_ACTIONS_ADDCLOSEFROM_NP
	if (access("/proc/self/fd", R_OK) != 0) {
		notes[count++] = "descriptors: the caller's descriptors without close-on-exec may reach the child "
			"(no posix_spawn_file_actions_addclosefrom_np, and /proc/self/fd cannot be read)";
	}
#endif
	(void) count;
	return index < sizeof(notes) / sizeof(notes[0]) ? notes[index] : NULL;
}

zend_result altair_eval_spawn_process(const altair_eval_command *command, const char *directory, const int placed[3],
	pid_t *pid)
{
	posix_spawn_file_actions_t actions;
	posix_spawnattr_t attributes;
	sigset_t signals;
	short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
	int error;

	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	/* placed[i] goes to descriptor i + 1 (stdout, stderr, the channel); -1 means /dev/null. */
	for (int i = 0; i < 3; i++) {
		if (placed[i] >= 0) {
			posix_spawn_file_actions_adddup2(&actions, placed[i], STDOUT_FILENO + i);
		} else {
			posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO + i, "/dev/null", O_WRONLY, 0);
		}
	}
#ifdef HAVE_POSIX_SPAWN_FILE_ACTIONS_ADDCHDIR_NP
	/* Relative paths in the snippet resolve inside the project, as they would in the app. */
	posix_spawn_file_actions_addchdir_np(&actions, directory);
#endif
	/* Whatever the caller has open without O_CLOEXEC (sockets, database handles) stays here. */
#ifdef HAVE_POSIX_SPAWN_FILE_ACTIONS_ADDCLOSEFROM_NP
	posix_spawn_file_actions_addclosefrom_np(&actions, ALTAIR_EVAL_CHANNEL_FD + 1);
#else
	close_inherited(&actions);
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

	error = posix_spawn(pid, command->argv[0], &actions, &attributes, command->argv, command->envp);

	posix_spawn_file_actions_destroy(&actions);
	posix_spawnattr_destroy(&attributes);
	return error == 0 ? SUCCESS : spawn_failed(command->argv[0], error);
}

/* Only these SAPIs run as the php CLI binary itself, which is what the child must be. */
static const char *const cli_sapis[] = { "cli", "cli-server", NULL };

static bool executable(const char *path)
{
	zend_stat_t info;

	return VCWD_STAT(path, &info) == 0 && S_ISREG(info.st_mode) && access(path, X_OK) == 0;
}

zend_string *altair_eval_spawn_default_binary(void)
{
	const char *candidates[] = { PHP_BINDIR "/php" PHP_MAJOR_MINOR_STRING, PHP_BINDIR "/php", NULL };

	for (const char *const *sapi = cli_sapis; *sapi; sapi++) {
		if (strcmp(sapi_module.name, *sapi) == 0 && PG(php_binary) && *PG(php_binary)) {
			return zend_string_init(PG(php_binary), strlen(PG(php_binary)), 0);
		}
	}
	/* FPM, CGI, embed, phpdbg: their binary cannot run `php -r`; the CLI of this build can. */
	for (const char *const *candidate = candidates; *candidate; candidate++) {
		if (executable(*candidate)) {
			return zend_string_init(*candidate, strlen(*candidate), 0);
		}
	}
	zend_throw_exception_ex(altair_eval_exception_ce, ALTAIR_EVAL_ERROR_SPAWN,
		"This process runs under the %s SAPI, whose binary cannot run the evaluation child, and no php CLI was "
		"found in " PHP_BINDIR "; pass the path of a php CLI binary as phpBinary", sapi_module.name);
	return NULL;
}

zend_result altair_eval_spawn(const altair_eval_command *command, const char *directory, const unsigned char *token,
	altair_eval_child *child)
{
	altair_eval_pipes pipes;
	int placed[3];

	if (altair_eval_pipes_open(&pipes, ALTAIR_EVAL_FD_FLOOR) != SUCCESS) {
		return FAILURE;
	}
	if (altair_eval_channel_send_token(pipes.fds[ALTAIR_EVAL_PIPE_CHANNEL_HOST], token) != SUCCESS) {
		int error = errno;
		altair_eval_pipes_close(&pipes);
		return spawn_failed("channel", error);
	}
	placed[0] = pipes.fds[ALTAIR_EVAL_PIPE_OUT_WRITE];
	placed[1] = pipes.fds[ALTAIR_EVAL_PIPE_ERR_WRITE];
	placed[2] = pipes.fds[ALTAIR_EVAL_PIPE_CHANNEL_CHILD];
	if (altair_eval_spawn_process(command, directory, placed, &child->pid) != SUCCESS) {
		altair_eval_pipes_close(&pipes);
		return FAILURE;
	}
	altair_eval_pipes_close_child_ends(&pipes);
	adopt_host_ends(&pipes, child);
	child->exit_fd = -1;
	child->template_fd = -1;
	child->session = false;
	return SUCCESS;
}

void altair_eval_child_adopt(altair_eval_pipes *pipes, altair_eval_child *child)
{
	adopt_host_ends(pipes, child);
}
