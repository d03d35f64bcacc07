/*
 * Runs a command the way a container runtime with Docker's default seccomp profile would: no
 * unshare(), no mount()/umount2()/pivot_root(), no setns(), no clone() with a namespace flag, no
 * clone3() (ENOSYS, so that libc falls back to clone()), no keyctl, and (with --user=UID) as an
 * unprivileged user with no capabilities — as Laravel Sail, DDEV and Lando run PHP. The test
 * suite runs evaluations under it to prove that what can still hold does, and that
 * sandbox.unavailable names exactly what cannot (docs/containers.md).
 *
 *   container [--user=UID] [--bind=FILE:TARGET]... [--kernel-without=FEATURE]... COMMAND ARGS...
 *
 * --bind puts FILE over TARGET (root only; before anything else, in a mount namespace of the
 * container's own), as a runtime gives a container its own /etc/hosts and /etc/resolv.conf: Docker
 * answers Compose service names from its DNS server at 127.0.0.11, not from /etc/hosts.
 *
 * --kernel-without=user-notification makes seccomp() refuse SECCOMP_FILTER_FLAG_NEW_LISTENER (as a
 * kernel before 5.0 does), --kernel-without=addfd the listener's SECCOMP_IOCTL_NOTIF_ADDFD (before
 * 5.9): both with EINVAL, the errors those kernels give, so the sandbox's refusal paths run.
 *
 * As root, the capabilities Docker does not grant a container are dropped (from every set and the
 * bounding set), as is pidfd_getfd, which its profile allows only with CAP_SYS_PTRACE.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <linux/capability.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define NAMESPACE_FLAGS \
	(CLONE_NEWNS | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWCGROUP)

#define DENY(nr, errno_value) \
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), \
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ((errno_value) & SECCOMP_RET_DATA))

/* Docker's default capabilities (moby: oci/caps/defaults.go). */
static const int docker_caps[] = {
	CAP_CHOWN, CAP_DAC_OVERRIDE, CAP_FSETID, CAP_FOWNER, CAP_MKNOD, CAP_NET_RAW, CAP_SETGID, CAP_SETUID,
	CAP_SETFCAP, CAP_SETPCAP, CAP_NET_BIND_SERVICE, CAP_SYS_CHROOT, CAP_KILL, CAP_AUDIT_WRITE,
};

static bool docker_capabilities(void)
{
	struct __user_cap_header_struct header = { .version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
	uint32_t keep[_LINUX_CAPABILITY_U32S_3] = { 0 };

	for (size_t i = 0; i < sizeof(docker_caps) / sizeof(docker_caps[0]); i++) {
		keep[CAP_TO_INDEX(docker_caps[i])] |= CAP_TO_MASK(docker_caps[i]);
	}
	for (int cap = 0; cap <= CAP_LAST_CAP; cap++) {
		if (!(keep[CAP_TO_INDEX(cap)] & CAP_TO_MASK(cap)) && prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL) {
			return false;
		}
	}
	memset(data, 0, sizeof(data));
	if (syscall(SYS_capget, &header, data) != 0) {
		return false;
	}
	for (int i = 0; i < _LINUX_CAPABILITY_U32S_3; i++) {
		data[i].effective &= keep[i];
		data[i].permitted &= keep[i];
		data[i].inheritable &= keep[i];
	}
	return syscall(SYS_capset, &header, data) == 0;
}

int main(int argc, char **argv)
{
	int first = 1;
	long uid = -1;
	bool own_mounts = false, without_listener = false, without_addfd = false;
	for (; first < argc && strncmp(argv[first], "--", 2) == 0; first++) {
		if (strncmp(argv[first], "--user=", 7) == 0) {
			uid = strtol(argv[first] + 7, NULL, 10);
		} else if (strncmp(argv[first], "--bind=", 7) == 0) {
			char *source = argv[first] + 7, *target = strchr(source, ':');
			if (!target) {
				fprintf(stderr, "container: --bind=FILE:TARGET\n");
				return 2;
			}
			*target++ = '\0';
			if (!own_mounts && (unshare(CLONE_NEWNS) != 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)) {
				perror("container: a mount namespace for --bind");
				return 1;
			}
			own_mounts = true;
			if (mount(source, target, NULL, MS_BIND, NULL) != 0) {
				perror("container: --bind");
				return 1;
			}
		} else if (strcmp(argv[first], "--kernel-without=user-notification") == 0) {
			without_listener = true;
		} else if (strcmp(argv[first], "--kernel-without=addfd") == 0) {
			without_addfd = true;
		} else {
			break;
		}
	}
	if (first >= argc) {
		fprintf(stderr, "usage: container [--user=UID] COMMAND ARGS...\n");
		return 2;
	}
	struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		DENY(__NR_unshare, EPERM),
		DENY(__NR_mount, EPERM),
		DENY(__NR_umount2, EPERM),
		DENY(__NR_pivot_root, EPERM),
		DENY(__NR_setns, EPERM),
		DENY(__NR_clone3, ENOSYS),
		DENY(__NR_keyctl, EPERM),
		DENY(__NR_open_tree, EPERM),
		DENY(__NR_move_mount, EPERM),
		DENY(__NR_fsopen, EPERM),
		DENY(__NR_fsmount, EPERM),
		DENY(__NR_pidfd_getfd, EPERM),
		/* seccomp(SECCOMP_SET_MODE_FILTER, flags, …): --kernel-without=user-notification */
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_seccomp, 0, 4),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[1])),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, without_listener ? SECCOMP_FILTER_FLAG_NEW_LISTENER : 0, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EINVAL),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		/* ioctl(fd, SECCOMP_IOCTL_NOTIF_ADDFD, …): --kernel-without=addfd */
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ioctl, 0, 4),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[1])),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, without_addfd ? (uint32_t) SECCOMP_IOCTL_NOTIF_ADDFD : 0xffffffffU, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EINVAL),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		/* clone(flags, …): refused when any namespace flag is set (Docker: without CAP_SYS_ADMIN) */
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, NAMESPACE_FLAGS, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog program = {.len = sizeof(filter) / sizeof(filter[0]), .filter = filter};
	if (uid >= 0 && (setgroups(0, NULL) != 0 || setgid((gid_t) uid) != 0 || setuid((uid_t) uid) != 0)) {
		perror("container: dropping to the user");
		return 1;
	}
	if (uid < 0 && geteuid() == 0 && !docker_capabilities()) {
		perror("container: Docker's capabilities");
		return 1;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) {
		perror("container: installing the seccomp profile");
		return 1;
	}
	execvp(argv[first], argv + first);
	perror(argv[first]);
	return 127;
}
