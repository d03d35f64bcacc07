/*
 * Lockdown step 6, seccomp (see lockdown/internal.h for the other steps): a BPF filter built from
 * small rules, installed last so that none of the earlier steps needs a syscall it denies.
 */
#include "internal.h"

#include <stdlib.h>

#ifdef LOCKDOWN_POSIX

/* ---- 6. seccomp ------------------------------------------------------------------------------ */

#ifdef LOCKDOWN_SECCOMP

# if defined(__x86_64__)
#  define LOCKDOWN_AUDIT_ARCH AUDIT_ARCH_X86_64
# elif defined(__aarch64__)
#  define LOCKDOWN_AUDIT_ARCH AUDIT_ARCH_AARCH64
# endif

/* Syscalls of the common table (x86_64 and aarch64 agree from 424 on) that an older libc may not
 * name; the running kernel may still have them. */
# ifndef __NR_pidfd_send_signal
#  define __NR_pidfd_send_signal 424
# endif
# ifndef __NR_io_uring_setup
#  define __NR_io_uring_setup 425
# endif
# ifndef __NR_io_uring_enter
#  define __NR_io_uring_enter 426
# endif
# ifndef __NR_io_uring_register
#  define __NR_io_uring_register 427
# endif
# ifndef __NR_open_tree
#  define __NR_open_tree 428
# endif
# ifndef __NR_move_mount
#  define __NR_move_mount 429
# endif
# ifndef __NR_fsopen
#  define __NR_fsopen 430
# endif
# ifndef __NR_fsmount
#  define __NR_fsmount 432
# endif
# ifndef __NR_fspick
#  define __NR_fspick 433
# endif
# ifndef __NR_pidfd_open
#  define __NR_pidfd_open 434
# endif
# ifndef __NR_clone3
#  define __NR_clone3 435
# endif
# ifndef __NR_pidfd_getfd
#  define __NR_pidfd_getfd 438
# endif
# ifndef __NR_mount_setattr
#  define __NR_mount_setattr 442
# endif
# ifndef __NR_quotactl_fd
#  define __NR_quotactl_fd 443
# endif
# ifndef __NR_open_tree_attr
#  define __NR_open_tree_attr 467
# endif

/* Every flag that makes clone() create a namespace (CLONE_NEWTIME only exists for clone3). */
# define LOCKDOWN_CLONE_NAMESPACES (CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC \
	| CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET)
/* personality(2): PER_LINUX, and the query value that changes nothing. */
# define LOCKDOWN_PERSONALITY_DEFAULT 0
# define LOCKDOWN_PERSONALITY_QUERY 0xffffffffU

/* Enough for every rule below with room to spare; the builder refuses to overflow. */
# define LOCKDOWN_BPF_MAX_INSNS 512

/* Offsets into struct seccomp_data. Arguments are 64 bits; the int-typed ones (fds, pids,
 * families, flags of clone) are what the kernel reads from the low half, so only it is compared,
 * exactly as the kernel truncates. */
# define LOCKDOWN_BPF_NR offsetof(struct seccomp_data, nr)
# define LOCKDOWN_BPF_ARCH offsetof(struct seccomp_data, arch)
# if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#  define LOCKDOWN_BPF_ARG_LOW(i) (offsetof(struct seccomp_data, args) + (i) * sizeof(uint64_t))
#  define LOCKDOWN_BPF_ARG_HIGH(i) (LOCKDOWN_BPF_ARG_LOW(i) + sizeof(uint32_t))
# else
#  define LOCKDOWN_BPF_ARG_HIGH(i) (offsetof(struct seccomp_data, args) + (i) * sizeof(uint64_t))
#  define LOCKDOWN_BPF_ARG_LOW(i) (LOCKDOWN_BPF_ARG_HIGH(i) + sizeof(uint32_t))
# endif

/* The type argument of socket() carries SOCK_NONBLOCK / SOCK_CLOEXEC above these bits. */
# define LOCKDOWN_SOCK_TYPE_MASK 0xf
# include <netinet/in.h>

# define LOCKDOWN_RET_ERRNO(e) (SECCOMP_RET_ERRNO | ((uint32_t) (e) & SECCOMP_RET_DATA))

typedef struct {
	struct sock_filter insns[LOCKDOWN_BPF_MAX_INSNS];
	unsigned short length;
	bool overflow;
} lockdown_bpf;

static void bpf_emit(lockdown_bpf *bpf, uint16_t code, uint8_t jt, uint8_t jf, uint32_t k)
{
	if (bpf->length >= LOCKDOWN_BPF_MAX_INSNS) {
		bpf->overflow = true;
		return;
	}
	bpf->insns[bpf->length].code = code;
	bpf->insns[bpf->length].jt = jt;
	bpf->insns[bpf->length].jf = jf;
	bpf->insns[bpf->length].k = k;
	bpf->length++;
}

static void bpf_load(lockdown_bpf *bpf, uint32_t offset)
{
	bpf_emit(bpf, BPF_LD | BPF_W | BPF_ABS, 0, 0, offset);
}

static void bpf_return(lockdown_bpf *bpf, uint32_t action)
{
	bpf_emit(bpf, BPF_RET | BPF_K, 0, 0, action);
}

/* Each rule below starts with the syscall number in A and either returns or leaves A untouched
 * (jumping over its own body when the number does not match). */

static void bpf_deny(lockdown_bpf *bpf, uint32_t nr, int error)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, nr);
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(error));
}

/* Numbers refused with one errno, as a binary search rather than a chain (A holds the number and
 * is left untouched for the rules that follow). The kernel runs a new filter once for every syscall
 * number at install time, to cache the ones it always allows (seccomp_cache_prepare): a chain of N
 * numbers costs N steps for each, about 1 us per instruction of the whole filter on the CI machine,
 * where a search costs a few. Leaves of up to LOCKDOWN_BPF_LEAF numbers test each one; every leaf
 * ends with a jump past the search, patched once its end is known. */
# define LOCKDOWN_BPF_LEAF 4
# define LOCKDOWN_BPF_MAX_SORTED 128

static int bpf_compare_numbers(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;

	return x < y ? -1 : x > y;
}

/* Instructions bpf_search_emit takes for sorted[lo, hi). */
static size_t bpf_search_size(size_t lo, size_t hi)
{
	size_t mid, left;

	if (hi - lo <= LOCKDOWN_BPF_LEAF) {
		return (hi - lo) + 2; /* the tests, the jump past the search, the return */
	}
	mid = lo + (hi - lo) / 2;
	left = bpf_search_size(lo, mid);
	return 1 + (left > 255 ? 1 : 0) + left + bpf_search_size(mid, hi);
}

static void bpf_search_emit(lockdown_bpf *bpf, const uint32_t *sorted, size_t lo, size_t hi, int error,
	unsigned short *exits, size_t *exit_count)
{
	if (hi - lo <= LOCKDOWN_BPF_LEAF) {
		uint8_t count = (uint8_t) (hi - lo);

		for (uint8_t i = 0; i < count; i++) {
			/* To the return: past the remaining tests and the jump. */
			bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, (uint8_t) (count - i), 0, sorted[lo + i]);
		}
		exits[(*exit_count)++] = bpf->length;
		bpf_emit(bpf, BPF_JMP | BPF_JA, 0, 0, 0);
		bpf_return(bpf, LOCKDOWN_RET_ERRNO(error));
		return;
	}
	size_t mid = lo + (hi - lo) / 2;
	size_t left = bpf_search_size(lo, mid);

	if (left > 255) {
		/* Too far for a conditional jump: below the pivot, over an unconditional one. */
		bpf_emit(bpf, BPF_JMP | BPF_JGE | BPF_K, 0, 1, sorted[mid]);
		bpf_emit(bpf, BPF_JMP | BPF_JA, 0, 0, (uint32_t) left);
	} else {
		bpf_emit(bpf, BPF_JMP | BPF_JGE | BPF_K, (uint8_t) left, 0, sorted[mid]);
	}
	bpf_search_emit(bpf, sorted, lo, mid, error, exits, exit_count);
	bpf_search_emit(bpf, sorted, mid, hi, error, exits, exit_count);
}

/* The driver's reference: the same numbers as a chain (altair_eval_lockdown_seccomp_program_for_tests). */
static bool bpf_linear_for_tests;

static void bpf_deny_sorted(lockdown_bpf *bpf, const uint32_t *numbers, size_t count, int error)
{
	uint32_t sorted[LOCKDOWN_BPF_MAX_SORTED];
	unsigned short exits[LOCKDOWN_BPF_MAX_SORTED];
	size_t exit_count = 0, unique = 0;

	if (bpf_linear_for_tests) {
		for (size_t i = 0; i < count; i++) {
			bpf_deny(bpf, numbers[i], error);
		}
		return;
	}
	if (count == 0) {
		return;
	}
	if (count > LOCKDOWN_BPF_MAX_SORTED) {
		bpf->overflow = true;
		return;
	}
	memcpy(sorted, numbers, count * sizeof(sorted[0]));
	qsort(sorted, count, sizeof(sorted[0]), bpf_compare_numbers);
	for (size_t i = 0; i < count; i++) {
		if (unique == 0 || sorted[unique - 1] != sorted[i]) {
			sorted[unique++] = sorted[i];
		}
	}
	bpf_search_emit(bpf, sorted, 0, unique, error, exits, &exit_count);
	for (size_t i = 0; i < exit_count && !bpf->overflow; i++) {
		bpf->insns[exits[i]].k = (uint32_t) (bpf->length - exits[i] - 1);
	}
}

/* nr is allowed only when the low half of argument arg is one of values. */
static void bpf_allow_only_if_arg_in(lockdown_bpf *bpf, uint32_t nr, unsigned arg, const uint32_t *values, uint8_t count, int error)
{
	uint8_t i;

	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, (uint8_t) (count + 3), nr);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(arg));
	for (i = 0; i < count; i++) {
		bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, (uint8_t) (count - i), 0, values[i]);
	}
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(error));
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* nr is denied when the low half of any of the given arguments equals value. */
static void bpf_deny_if_any_arg_is(lockdown_bpf *bpf, uint32_t nr, const unsigned *args, uint8_t count, uint32_t value, int error)
{
	uint8_t i;

	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, (uint8_t) (2 * count + 2), nr);
	for (i = 0; i < count; i++) {
		bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(args[i]));
		if (i + 1 < count) {
			bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, (uint8_t) (2 * (count - i) - 2), 0, value);
		} else {
			bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, value);
		}
	}
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(error));
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* socket() with endpoints: AF_UNIX, or AF_INET/AF_INET6 as a plain TCP stream (type SOCK_STREAM
 * with any flags, protocol 0 or IPPROTO_TCP), the one kind Landlock's port rules govern. No UDP
 * (DNS and every other datagram would go anywhere), no raw, SCTP or MPTCP sockets. */
static void bpf_tcp_stream_socket(lockdown_bpf *bpf)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 12, __NR_socket);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(0));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 9, 0, AF_UNIX);
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, AF_INET);
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 6, AF_INET6);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(1));
	bpf_emit(bpf, BPF_ALU | BPF_AND | BPF_K, 0, 0, LOCKDOWN_SOCK_TYPE_MASK);
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 3, SOCK_STREAM);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(2));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 2, 0, 0);
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, IPPROTO_TCP);
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(EPERM));
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* nr is denied when the low half of argument arg has any of bits set (MSG_FASTOPEN: a send that
 * connects without connect(), which the Landlock port rules do not see). */
static void bpf_deny_if_arg_has_bits(lockdown_bpf *bpf, uint32_t nr, unsigned arg, uint32_t bits, int error)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 4, nr);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(arg));
	bpf_emit(bpf, BPF_JMP | BPF_JSET | BPF_K, 0, 1, bits);
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(error));
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* fcntl(fd, F_DUPFD | F_DUPFD_CLOEXEC) on the result channel. */
static void bpf_deny_fcntl_dup(lockdown_bpf *bpf, uint32_t fd)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 7, __NR_fcntl);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(0));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 4, fd);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(1));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, F_DUPFD);
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, F_DUPFD_CLOEXEC);
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(EBADF));
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* clone() only for threads: CLONE_THREAD set and no namespace flag. */
static void bpf_threads_only_clone(lockdown_bpf *bpf, uint32_t refusal)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 5, __NR_clone);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(0));
	bpf_emit(bpf, BPF_JMP | BPF_JSET | BPF_K, 1, 0, LOCKDOWN_CLONE_NAMESPACES);
	bpf_emit(bpf, BPF_JMP | BPF_JSET | BPF_K, 1, 0, CLONE_THREAD);
	bpf_return(bpf, refusal);
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* A booted template forks its workers: clone() without any namespace flag (fork is clone with
 * SIGCHLD in glibc). */
static void bpf_clone_without_namespaces(lockdown_bpf *bpf)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 4, __NR_clone);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(0));
	bpf_emit(bpf, BPF_JMP | BPF_JSET | BPF_K, 0, 1, LOCKDOWN_CLONE_NAMESPACES);
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(EPERM));
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* A booted template's worker lowers its own RLIMIT_CPU to its evaluation's (the template's is set
 * once, for its life): prlimit64(0, RLIMIT_CPU, ...) passes here, everything else goes on to the
 * read-only rule. Raising it needs CAP_SYS_RESOURCE, which only root holds, and only C code of
 * ours calls it: PHP has no setrlimit once posix_setrlimit is disabled. A worker whose own filter
 * goes in before its request (policy->ahead_of_request) has the rule too, and no CAP_SYS_RESOURCE
 * (lockdown_drop_sys_resource). */
static void bpf_own_cpu_prlimit(lockdown_bpf *bpf)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 6, __NR_prlimit64);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(0));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 3, 0);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(1));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, RLIMIT_CPU);
	bpf_return(bpf, SECCOMP_RET_ALLOW);
	bpf_load(bpf, LOCKDOWN_BPF_NR);
}

/* A booted template's worker re-arms its parent-death signal (fork clears it): PR_SET_PDEATHSIG
 * only with SIGKILL, so it can never be cleared; every other prctl as in the cold filter. */
static void bpf_pdeathsig_kill_only(lockdown_bpf *bpf)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 6, __NR_prctl);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(0));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 3, PR_SET_PDEATHSIG);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(1));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, SIGKILL);
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(EPERM));
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* prlimit64(pid, resource, new_limit, old_limit) may read limits but never set one: as root,
 * CAP_SYS_RESOURCE would raise the hard limits again (and reach other processes). */
static void bpf_read_only_prlimit(lockdown_bpf *bpf)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 6, __NR_prlimit64);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(2));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 2, 0);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_HIGH(2));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, 0);
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(EPERM));
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* Calls with no business in a snippet: new programs, debugging others, kernel and mount surfaces,
 * leaving the session or process group, and (added for root) raising rlimits or touching
 * machine-wide settings. */
static const uint32_t lockdown_denied_syscalls[] = {
	__NR_execve, __NR_execveat,
	__NR_ptrace, __NR_process_vm_readv, __NR_process_vm_writev,
	__NR_pidfd_open, __NR_pidfd_getfd, __NR_pidfd_send_signal,
	__NR_io_uring_setup, __NR_io_uring_enter, __NR_io_uring_register,
	__NR_bpf, __NR_keyctl, __NR_add_key, __NR_request_key,
	__NR_mount, __NR_umount2, __NR_pivot_root, __NR_chroot, __NR_unshare, __NR_setns,
	__NR_move_mount, __NR_open_tree, __NR_open_tree_attr, __NR_fsopen, __NR_fsmount, __NR_fspick,
	__NR_mount_setattr,
	__NR_perf_event_open, __NR_userfaultfd,
	__NR_init_module, __NR_finit_module, __NR_delete_module, __NR_kexec_load,
# ifdef __NR_kexec_file_load
	__NR_kexec_file_load,
# endif
	__NR_reboot, __NR_swapon, __NR_swapoff, __NR_acct, __NR_quotactl, __NR_quotactl_fd,
	__NR_name_to_handle_at, __NR_open_by_handle_at,
	__NR_setsid, __NR_setpgid,
	__NR_setrlimit,
# ifdef __NR_iopl
	__NR_iopl,
# endif
# ifdef __NR_ioperm
	__NR_ioperm,
# endif
	__NR_sethostname, __NR_setdomainname, __NR_settimeofday, __NR_clock_settime, __NR_syslog,
};

/* Without allow_writes: metadata changes Landlock does not cover (it governs contents and names,
 * not modes, owners, extended attributes or times), so a read-only project stays unchanged. */
static const uint32_t lockdown_metadata_syscalls[] = {
# ifdef __NR_chmod
	__NR_chmod,
# endif
# ifdef __NR_chown
	__NR_chown,
# endif
# ifdef __NR_lchown
	__NR_lchown,
# endif
# ifdef __NR_utime
	__NR_utime,
# endif
# ifdef __NR_utimes
	__NR_utimes,
# endif
# ifdef __NR_futimesat
	__NR_futimesat,
# endif
# ifdef __NR_fchmodat2
	__NR_fchmodat2,
# endif
	__NR_fchmod, __NR_fchmodat, __NR_fchown, __NR_fchownat, __NR_utimensat,
	__NR_setxattr, __NR_lsetxattr, __NR_fsetxattr, __NR_removexattr, __NR_lremovexattr, __NR_fremovexattr,
};

/* Without an IPC namespace of its own, SysV IPC would reach the machine's queues and segments
 * (and those of the next evaluation), and detached segments would outlive the child; without its
 * limits (an unprivileged user namespace may not set them) they would not be capped. */
static const uint32_t lockdown_sysv_ipc_syscalls[] = {
	__NR_shmget, __NR_shmat, __NR_shmdt, __NR_shmctl,
	__NR_msgget, __NR_msgsnd, __NR_msgrcv, __NR_msgctl,
	__NR_semget, __NR_semop, __NR_semtimedop, __NR_semctl,
};

/*
 * Interception (docs/ARCHITECTURE.md, "The database relay", where the child finds it). Where the
 * child has no network namespace of its own (a container's seccomp profile refuses unshare), or
 * with the network on, a declared database would be one connect() away. So every connect() goes to
 * the listener's holder, the host, which never lets the call go on: it reads the address once and
 * answers from that copy alone, either with a socket of its own put in place of the child's (a
 * connection to the relay: SECCOMP_IOCTL_NOTIF_ADDFD) or with a refusal. With the network on, the
 * inet sockets the child asks for are made by the host too (it then connects them itself, to the
 * address it read, so that no second thread can change the address between the check and the
 * connect). Without a listener (a kernel before 5.0) both are refused outright. A booted template's
 * own filter has the same rules and no listener: the kernel answers ENOSYS to its boot, and the
 * filter its worker stacks on it (the newest filter's notification wins) sends the worker's to
 * the host.
 */
typedef struct {
	bool deny_sysv_ipc;     /* no IPC namespace with its limits: SysV IPC refused */
	bool intercept_connect;
	bool intercept_sockets;
} lockdown_seccomp_choices;

static lockdown_seccomp_choices lockdown_seccomp_choose(const altair_eval_lockdown_policy *policy,
	const altair_eval_lockdown_report *report)
{
	lockdown_seccomp_choices choices;

	/* A session's processes share the template's IPC namespace with its other workers. */
	choices.deny_sysv_ipc = !report->ipc_limits || policy->session;
	/* With the network off and no view, every socket file of the host (a database's, docker.sock)
	 * is one connect() away: all of them go to the host too, which refuses what is not declared. */
	choices.intercept_connect = (policy->relay && (policy->allow_network || !report->netns))
		|| (!policy->allow_network && !report->view);
	choices.intercept_sockets = policy->relay && policy->allow_network;
	return choices;
}

/* The families a child with the network on may make sockets of: inet ones by the host, Unix and
 * netlink (getifaddrs, which getaddrinfo's AI_ADDRCONFIG asks) itself; packet, raw link-level and
 * every other family are refused (a raw frame on loopback needs no connect()). */
static void bpf_intercepted_sockets(lockdown_bpf *bpf, uint32_t inet_action)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 8, __NR_socket);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(0));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 3, 0, AF_INET);
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 2, 0, AF_INET6);
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 2, 0, AF_UNIX);
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 1, 2, AF_NETLINK);
	bpf_return(bpf, inet_action);
	bpf_return(bpf, SECCOMP_RET_ALLOW);
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(EAFNOSUPPORT));
}

static void lockdown_seccomp_program(const altair_eval_lockdown_policy *policy, const lockdown_seccomp_choices *choices,
	lockdown_bpf *bpf)
{
	uint32_t self = (uint32_t) getpid();
	uint32_t own_group[] = { self, 0, (uint32_t) -(int32_t) self };
	uint32_t personalities[] = { LOCKDOWN_PERSONALITY_DEFAULT, LOCKDOWN_PERSONALITY_QUERY };
	uint32_t unix_only[] = { AF_UNIX };
	unsigned dup_args[] = { 0, 1 };
	unsigned first_arg[] = { 0 };
	uint32_t denied[LOCKDOWN_BPF_MAX_SORTED];
	size_t i, denied_count;

	/* Another ABI (i386 through int 0x80) would reinterpret every number below: kill. */
	bpf_load(bpf, LOCKDOWN_BPF_ARCH);
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, LOCKDOWN_AUDIT_ARCH);
	bpf_return(bpf, SECCOMP_RET_KILL_PROCESS);
	bpf_load(bpf, LOCKDOWN_BPF_NR);
# if defined(__x86_64__)
	/* x32 numbers share the architecture value; none of them is needed. */
	bpf_emit(bpf, BPF_JMP | BPF_JGE | BPF_K, 0, 1, 0x40000000U /* __X32_SYSCALL_BIT */);
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(EPERM));
# endif

	/* Every number refused outright, first and as one search (bpf_deny_sorted): none of them has a
	 * rule of its own below (the first rule that names a number decides it). */
	denied_count = 0;
	for (i = 0; i < sizeof(lockdown_denied_syscalls) / sizeof(lockdown_denied_syscalls[0]); i++) {
		/* The booted template's differences (see the policy): a worker leads its own session and
		 * enters its own IPC namespace before its own filter is stacked on this one. */
		if (policy->booted_template && (lockdown_denied_syscalls[i] == __NR_setsid || lockdown_denied_syscalls[i] == __NR_setrlimit)) {
			continue;
		}
		if (policy->session && lockdown_denied_syscalls[i] == __NR_setsid) {
			continue;
		}
		/* ... and, with the database relay, a network namespace of its own (unshare(CLONE_NEWNET)
		 * exactly, below), where it listens for its evaluation's relay. */
		if (policy->booted_template && policy->relay && lockdown_denied_syscalls[i] == __NR_unshare) {
			continue;
		}
		denied[denied_count++] = lockdown_denied_syscalls[i];
	}
	if (!policy->allow_writes) {
		for (i = 0; i < sizeof(lockdown_metadata_syscalls) / sizeof(lockdown_metadata_syscalls[0]); i++) {
			denied[denied_count++] = lockdown_metadata_syscalls[i];
		}
	}
	if (choices->deny_sysv_ipc) {
		for (i = 0; i < sizeof(lockdown_sysv_ipc_syscalls) / sizeof(lockdown_sysv_ipc_syscalls[0]); i++) {
			denied[denied_count++] = lockdown_sysv_ipc_syscalls[i];
		}
	}
	bpf_deny_sorted(bpf, denied, denied_count, EPERM);
	/* ENOSYS, not EPERM: libc then falls back to clone(), which is filtered on its flags. */
	bpf_deny(bpf, __NR_clone3, ENOSYS);
	if ((policy->ahead_of_request || policy->session) && !policy->booted_template) {
		bpf_own_cpu_prlimit(bpf);
	}
	if (policy->booted_template) {
		uint32_t cpu_only[] = { RLIMIT_CPU };

		bpf_allow_only_if_arg_in(bpf, __NR_setrlimit, 0, cpu_only, 1, EPERM);
		bpf_own_cpu_prlimit(bpf);
# ifdef __NR_vfork
		bpf_deny(bpf, __NR_vfork, EPERM);
# endif
		bpf_clone_without_namespaces(bpf);
		bpf_pdeathsig_kill_only(bpf);
		if (policy->relay) {
			uint32_t network_only[] = { CLONE_NEWNET };
			bpf_allow_only_if_arg_in(bpf, __NR_unshare, 0, network_only, 1, EPERM);
		}
	}
	/* A new process: refused with EPERM, or, when the host counts refusals, handed to it (it
	 * answers EPERM and reports limit_exceeded "processes"). */
	if (!policy->booted_template) {
		uint32_t refusal = policy->notify_processes ? SECCOMP_RET_USER_NOTIF : LOCKDOWN_RET_ERRNO(EPERM);
# ifdef __NR_fork
		bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, __NR_fork);
		bpf_return(bpf, refusal);
# endif
# ifdef __NR_vfork
		bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, __NR_vfork);
		bpf_return(bpf, refusal);
# endif
		bpf_threads_only_clone(bpf, refusal);
	}
	bpf_read_only_prlimit(bpf);
	bpf_allow_only_if_arg_in(bpf, __NR_personality, 0, personalities, 2, EPERM);

	/* Signals only to ourselves or our own process group (we lead it). A booted template's filter
	 * cannot name its workers, which stack their own filter with their own pid; it relies on its
	 * Landlock signal scope instead (ABI >= 6, required for booted templates): it and the boot can
	 * signal only processes in its own domain, itself and its workers. */
	if (!policy->booted_template) {
		bpf_allow_only_if_arg_in(bpf, __NR_kill, 0, own_group, 3, EPERM);
		bpf_allow_only_if_arg_in(bpf, __NR_tkill, 0, own_group, 1, EPERM);
		bpf_allow_only_if_arg_in(bpf, __NR_tgkill, 0, own_group, 1, EPERM);
		bpf_allow_only_if_arg_in(bpf, __NR_rt_sigqueueinfo, 0, own_group, 1, EPERM);
		bpf_allow_only_if_arg_in(bpf, __NR_rt_tgsigqueueinfo, 0, own_group, 1, EPERM);
	}
	/* Keep the parent-death signal: the snippet may not outlive the host. A session's call's worker
	 * sets SIGKILL once it holds the session (guest/session.c). */
	if (policy->session) {
		bpf_pdeathsig_kill_only(bpf);
	} else if (!policy->booted_template) {
		bpf_deny_if_any_arg_is(bpf, __NR_prctl, first_arg, 1, PR_SET_PDEATHSIG, EPERM);
	}

	/* Interception (above): to the listener, or refused where there is none. */
	bool to_holder = policy->notify_processes || policy->booted_template;
	if (choices->intercept_connect) {
		bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, __NR_connect);
		bpf_return(bpf, to_holder ? SECCOMP_RET_USER_NOTIF : LOCKDOWN_RET_ERRNO(ECONNREFUSED));
	}
	if (choices->intercept_sockets) {
		bpf_intercepted_sockets(bpf, to_holder ? SECCOMP_RET_USER_NOTIF : LOCKDOWN_RET_ERRNO(EACCES));
	}
	if (!policy->allow_network && policy->endpoints) {
		bpf_tcp_stream_socket(bpf);
		bpf_allow_only_if_arg_in(bpf, __NR_socketpair, 0, unix_only, 1, EPERM);
	} else if (!policy->allow_network) {
		bpf_allow_only_if_arg_in(bpf, __NR_socket, 0, unix_only, 1, EPERM);
		bpf_allow_only_if_arg_in(bpf, __NR_socketpair, 0, unix_only, 1, EPERM);
	}
	/* A send that connects by itself (TCP fast open) would bypass connect(). */
	if ((!policy->allow_network && policy->endpoints) || choices->intercept_connect) {
		bpf_deny_if_arg_has_bits(bpf, __NR_sendto, 3, MSG_FASTOPEN, EPERM);
		bpf_deny_if_arg_has_bits(bpf, __NR_sendmsg, 2, MSG_FASTOPEN, EPERM);
		bpf_deny_if_arg_has_bits(bpf, __NR_sendmmsg, 3, MSG_FASTOPEN, EPERM);
	}

	if (policy->session) {
		uint32_t session = ALTAIR_EVAL_LOCKDOWN_SESSION_FD;

		bpf_deny_if_any_arg_is(bpf, __NR_dup, first_arg, 1, session, EBADF);
# ifdef __NR_dup2
		bpf_deny_if_any_arg_is(bpf, __NR_dup2, dup_args, 2, session, EBADF);
# endif
		bpf_deny_if_any_arg_is(bpf, __NR_dup3, dup_args, 2, session, EBADF);
		bpf_deny_fcntl_dup(bpf, session);
	}
	if (policy->channel_fd >= 0) {
		uint32_t channel = (uint32_t) policy->channel_fd;

		bpf_deny_if_any_arg_is(bpf, __NR_dup, first_arg, 1, channel, EBADF);
# ifdef __NR_dup2
		/* Either direction: copying the channel out, or closing it by copying over it. */
		bpf_deny_if_any_arg_is(bpf, __NR_dup2, dup_args, 2, channel, EBADF);
# endif
		bpf_deny_if_any_arg_is(bpf, __NR_dup3, dup_args, 2, channel, EBADF);
		bpf_deny_fcntl_dup(bpf, channel);
	}

	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* The filter stops dup() of the channel, but a pipe can also be opened anew through the magic link
 * /proc/self/fd/N, in either direction, and Landlock does not cover pipefs. A socket cannot be
 * opened that way (ENXIO): only a socketpair channel counts as sealed. */
static bool lockdown_channel_not_reopenable(int channel_fd, altair_eval_lockdown_report *report)
{
	struct stat info;

	if (fstat(channel_fd, &info) != 0) {
		altair_eval_lockdown_note(report, "channel: fd %d: %s", channel_fd, strerror(errno));
		return false;
	}
	if (!S_ISSOCK(info.st_mode)) {
		altair_eval_lockdown_note(report, "channel: fd %d is not a socket; it can be reopened through /proc/self/fd", channel_fd);
		return false;
	}
	return true;
}

#endif /* LOCKDOWN_SECCOMP */

/* Last, so that none of the earlier steps needs a syscall it denies. */
#ifdef LOCKDOWN_SECCOMP
static void lockdown_seccomp_finish(const altair_eval_lockdown_policy *policy, const lockdown_seccomp_choices *choices,
	altair_eval_lockdown_report *report)
{
	if (!report->ipc_limits) {
		altair_eval_lockdown_note(report, "ipcns: SysV IPC calls are refused by seccomp instead");
	}
	report->seccomp = true;
	report->processes_blocked = !policy->booted_template;
	report->sockets_blocked = !policy->allow_network && !policy->endpoints;
	report->tcp_stream_only = !policy->allow_network && policy->endpoints;
	report->connect_intercepted = choices->intercept_connect && report->process_listener_fd >= 0;
	report->sockets_intercepted = choices->intercept_sockets && report->process_listener_fd >= 0;
	if (choices->intercept_connect && policy->relay && report->process_listener_fd < 0 && !policy->booted_template) {
		altair_eval_lockdown_note(report, policy->allow_network
			? "network: no seccomp listener, so every connect() and inet socket is refused: the declared databases could not be kept behind the relay"
			: "relay: no network namespace of its own and no seccomp listener: every connect() is refused, the declared databases are unreachable");
	}
	/* Ahead of its request, a pooled worker has no channel yet: it is checked once it came. */
	report->channel_sealed = policy->channel_fd >= 0 && !policy->ahead_of_request
		&& lockdown_channel_not_reopenable(policy->channel_fd, report);
}

/* CAP_SYS_RESOURCE out of every set of this process (there is no exec after this to regain it):
 * the kernel asks for it in the initial user namespace before a limit's hard value may go up, so
 * without it the prlimit64(0, RLIMIT_CPU) of an ahead-of-request filter can only lower. */
static bool lockdown_drop_sys_resource(altair_eval_lockdown_report *report)
{
	struct __user_cap_header_struct header = { .version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
	uint32_t word = CAP_TO_INDEX(CAP_SYS_RESOURCE), mask = CAP_TO_MASK(CAP_SYS_RESOURCE);

	memset(data, 0, sizeof(data));
	if (syscall(__NR_capget, &header, data) != 0) {
		altair_eval_lockdown_note(report, "seccomp: capget: %s", strerror(errno));
		return false;
	}
	data[word].effective &= ~mask;
	data[word].permitted &= ~mask;
	data[word].inheritable &= ~mask;
	if (syscall(__NR_capset, &header, data) != 0 || syscall(__NR_capget, &header, data) != 0
		|| (data[word].permitted & mask)) {
		altair_eval_lockdown_note(report, "seccomp: CAP_SYS_RESOURCE could not be dropped: %s", strerror(errno));
		return false;
	}
	return true;
}
#endif

void altair_eval_lockdown_channel_check(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_SECCOMP
	report->channel_sealed = report->seccomp && policy->channel_fd >= 0
		&& lockdown_channel_not_reopenable(policy->channel_fd, report);
#else
	(void) policy;
	(void) report;
#endif
}

void altair_eval_lockdown_seccomp_apply(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_SECCOMP
	static lockdown_bpf bpf;
	struct sock_fprog program;
	lockdown_seccomp_choices choices = lockdown_seccomp_choose(policy, report);

	if (policy->ahead_of_request && !lockdown_drop_sys_resource(report)) {
		return;
	}
	memset(&bpf, 0, sizeof(bpf));
	lockdown_seccomp_program(policy, &choices, &bpf);
	if (bpf.overflow) {
		altair_eval_lockdown_note(report, "seccomp: filter longer than %d instructions", LOCKDOWN_BPF_MAX_INSNS);
		return;
	}
	program.len = bpf.length;
	program.filter = bpf.insns;
	if (policy->notify_processes) {
		/* The listener goes to the host; a kernel without it (before 5.0) gets plain refusals. */
		long listener = syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &program);
		if (listener >= 0) {
			report->process_listener_fd = (int) listener;
			lockdown_seccomp_finish(policy, &choices, report);
			return;
		}
		altair_eval_lockdown_note(report, "seccomp: refused processes are not counted (%s)", strerror(errno));
		altair_eval_lockdown_policy plain = *policy;
		plain.notify_processes = false;
		memset(&bpf, 0, sizeof(bpf));
		lockdown_seccomp_program(&plain, &choices, &bpf);
		program.len = bpf.length;
		program.filter = bpf.insns;
	}
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0) != 0) {
		altair_eval_lockdown_note(report, "seccomp: %s", strerror(errno));
		return;
	}
	lockdown_seccomp_finish(policy, &choices, report);
#elif defined(LOCKDOWN_SECCOMP_NO_ARCH)
	(void) policy;
	altair_eval_lockdown_note(report, "seccomp: no filter for this architecture (x86_64 and aarch64 only): processes and programs are refused by the ini layer alone");
#else
	(void) policy;
	altair_eval_lockdown_note(report, "seccomp: not compiled in");
#endif
}

size_t altair_eval_lockdown_seccomp_program_for_tests(const altair_eval_lockdown_policy *policy, bool deny_sysv_ipc, bool linear,
	void *out, size_t max)
{
#ifdef LOCKDOWN_SECCOMP
	static lockdown_bpf bpf;
	lockdown_seccomp_choices choices = {
		.deny_sysv_ipc = deny_sysv_ipc,
		.intercept_connect = policy->relay,
		.intercept_sockets = policy->relay && policy->allow_network,
	};

	memset(&bpf, 0, sizeof(bpf));
	bpf_linear_for_tests = linear;
	lockdown_seccomp_program(policy, &choices, &bpf);
	bpf_linear_for_tests = false;
	if (bpf.overflow || bpf.length > max) {
		return 0;
	}
	memcpy(out, bpf.insns, bpf.length * sizeof(bpf.insns[0]));
	return bpf.length;
#else
	(void) policy;
	(void) deny_sysv_ipc;
	(void) linear;
	(void) out;
	(void) max;
	return 0;
#endif
}

#endif /* LOCKDOWN_POSIX */

#ifdef LOCKDOWN_POSIX
bool altair_eval_lockdown_session_call(void)
{
#ifdef LOCKDOWN_SECCOMP
	static lockdown_bpf bpf;
	struct sock_fprog program;
	uint32_t self = (uint32_t) getpid();
	uint32_t own_group[] = { self, 0, (uint32_t) -(int32_t) self };

	memset(&bpf, 0, sizeof(bpf));
	bpf_load(&bpf, LOCKDOWN_BPF_ARCH);
	bpf_emit(&bpf, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, LOCKDOWN_AUDIT_ARCH);
	bpf_return(&bpf, SECCOMP_RET_KILL_PROCESS);
	bpf_load(&bpf, LOCKDOWN_BPF_NR);
	bpf_allow_only_if_arg_in(&bpf, __NR_kill, 0, own_group, 3, EPERM);
	bpf_allow_only_if_arg_in(&bpf, __NR_tkill, 0, own_group, 1, EPERM);
	bpf_allow_only_if_arg_in(&bpf, __NR_tgkill, 0, own_group, 1, EPERM);
	bpf_allow_only_if_arg_in(&bpf, __NR_rt_sigqueueinfo, 0, own_group, 1, EPERM);
	bpf_allow_only_if_arg_in(&bpf, __NR_rt_tgsigqueueinfo, 0, own_group, 1, EPERM);
	bpf_return(&bpf, SECCOMP_RET_ALLOW);
	if (bpf.overflow) {
		return false;
	}
	program.len = bpf.length;
	program.filter = bpf.insns;
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0) == 0;
#else
	return false;
#endif
}
#endif
