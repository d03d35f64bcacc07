/*
 * Rollback mode's project (see lockdown/mount.h): the project in the view becomes an overlay whose
 * lower layer is the read-only bind of the project and whose upper layer lies in the evaluation's
 * capped scratch tmpfs, beside the scratch dir (outside Landlock's rules, so the snippet reaches it
 * only through the project's path). The snippet may write the project — a SQLite database and its
 * journal, logs, caches — and every change is copy-on-write into memory that goes with the
 * evaluation: the host's files are never written. The first write to a file copies it whole, so a
 * database larger than the scratch cap fails with "disk full" and the result says limit
 * `disk` (docs/ARCHITECTURE.md, "The database relay").
 */

#include "mount.h"

#ifdef LOCKDOWN_MOUNTNS

/* The overlay's option string cannot carry these in a path. */
static bool overlay_path_ok(const char *path)
{
	return strpbrk(path, ",:\\") == NULL;
}

bool altair_eval_lockdown_mount_overlay(const char *prefix, const char *project_root, const char *scratch_base,
	altair_eval_lockdown_report *report)
{
	char upper[PATH_MAX], work[PATH_MAX], target[PATH_MAX], options[3 * PATH_MAX + 32];

	if (!overlay_path_ok(project_root) || !overlay_path_ok(scratch_base)) {
		altair_eval_lockdown_note(report, "overlay: the project path cannot be an overlay (it holds a comma, colon or backslash): the project stays read-only");
		return false;
	}
	if ((size_t) snprintf(upper, sizeof(upper), "%s%s/.rollback-upper", prefix, scratch_base) >= sizeof(upper)
		|| (size_t) snprintf(work, sizeof(work), "%s%s/.rollback-work", prefix, scratch_base) >= sizeof(work)
		|| (size_t) snprintf(target, sizeof(target), "%s%s", prefix, project_root) >= sizeof(target)) {
		altair_eval_lockdown_note(report, "overlay: path too long: the project stays read-only");
		return false;
	}
	snprintf(options, sizeof(options), "lowerdir=%s,upperdir=%s,workdir=%s", target, upper, work);
	if ((mkdir(upper, 0700) != 0 && errno != EEXIST) || (mkdir(work, 0700) != 0 && errno != EEXIST)) {
		altair_eval_lockdown_note(report, "overlay: %s: %s: the project stays read-only", upper, strerror(errno));
		return false;
	}
	if (mount("overlay", target, "overlay", MS_NOSUID | MS_NODEV, options) != 0) {
		/* In a user namespace the overlay keeps its own attributes in user.* xattrs. */
		strncat(options, ",userxattr", sizeof(options) - strlen(options) - 1);
		if (mount("overlay", target, "overlay", MS_NOSUID | MS_NODEV, options) != 0) {
			altair_eval_lockdown_note(report, "overlay: %s: the project stays read-only", strerror(errno));
			return false;
		}
	}
	report->project_overlay = true;
	return true;
}

#endif /* LOCKDOWN_MOUNTNS */
