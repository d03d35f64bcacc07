<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

/**
 * Where a user's servers live: $XDG_RUNTIME_DIR/altair-eval, else <tmp>/altair-eval-<uid> (or,
 * when another user made that one, a private sibling: usable()); a directory of that user's own,
 * mode 0700, never a link, so that nobody else can reach, plant or replace a socket in it. Each project has its socket, lock and log there, named by a hash of the
 * project's real path.
 */
final class RuntimeDir
{
    /** The longest path a Unix socket address holds (sun_path, with its NUL). */
    private const SOCKET_PATH_MAX = 107;
    private const NAME_MAX = 255;
    /** Hex digits of a fallback directory's random suffix. */
    private const FALLBACK_HEX = 12;

    /**
     * @param string|null $squatted the usual directory, when it was not this user's and $path is the
     *                              fallback used instead
     */
    public function __construct(public readonly string $path, private readonly int $uid, public readonly ?string $squatted = null)
    {
    }

    public static function forCurrentUser(): self
    {
        $uid = posix_geteuid();
        $runtime = (string) getenv('XDG_RUNTIME_DIR');
        if ($runtime !== '' && str_starts_with($runtime, '/') && is_dir($runtime)) {
            return new self(rtrim($runtime, '/') . '/altair-eval', $uid);
        }

        return self::usable(self::temporary($uid), $uid);
    }

    /**
     * $usual unless it exists and is not private (another user can create <tmp>/altair-eval-<uid>
     * first); then a sibling only this user can have made — <usual>.<random>, owned by this user,
     * mode 0700, not a link — the first one found (so the server and its clients agree), else a new
     * name that ensure() creates. Nobody can lock a user out by creating a directory.
     */
    public static function usable(string $usual, int $uid): self
    {
        $directory = new self($usual, $uid);
        if (@lstat($usual) === false || $directory->isPrivate()) {
            return $directory;
        }
        $candidates = glob($usual . '.*', GLOB_NOSORT | GLOB_NOESCAPE);
        $candidates = $candidates === false ? [] : $candidates;
        sort($candidates);
        foreach ($candidates as $candidate) {
            $fallback = new self($candidate, $uid, $usual);
            if (preg_match('/\.[0-9a-f]{' . self::FALLBACK_HEX . '}$/', $candidate) === 1 && $fallback->isPrivate()) {
                return $fallback;
            }
        }

        return new self($usual . '.' . bin2hex(random_bytes(self::FALLBACK_HEX / 2)), $uid, $usual);
    }

    /**
     * The directory without XDG_RUNTIME_DIR (also what the launcher's cache remembers).
     */
    public static function temporary(int $uid): string
    {
        return rtrim(sys_get_temp_dir(), '/') . '/altair-eval-' . $uid;
    }

    /**
     * A link to the project's socket named by the project's path itself ("/" as %2F, "%" as %25),
     * which bin/altair (sh, without a hash function) can find to start a thin client (ThinStart);
     * null when the name would be too long for a file name.
     */
    public function marker(string $projectRoot): ?string
    {
        $name = 'root' . str_replace(['%', '/'], ['%25', '%2F'], $projectRoot);

        return strlen($name) > self::NAME_MAX ? null : $this->path . '/' . $name;
    }

    /**
     * Whether the directory exists and is private to this user (what a client checks before it
     * trusts a socket in it).
     */
    public function isPrivate(): bool
    {
        $stat = @lstat($this->path);

        return $stat !== false && ($stat['mode'] & 0170000) === 0040000 && $stat['uid'] === $this->uid
            && ($stat['mode'] & 0077) === 0;
    }

    /**
     * Creates the directory (0700) unless it exists, and checks it is private.
     *
     * @throws ServeError
     */
    public function ensure(): void
    {
        $umask = umask(0077);
        try {
            if (!@mkdir($this->path, 0700) && !is_dir($this->path)) {
                throw new ServeError(sprintf('cannot create %s.', $this->path));
            }
        } finally {
            umask($umask);
        }
        if (!$this->isPrivate()) {
            throw new ServeError(sprintf('%s is not a private directory of this user (mode 0700, not a link); remove it or set XDG_RUNTIME_DIR.', $this->path));
        }
    }

    public function socket(string $projectRoot): string
    {
        return $this->file($projectRoot, 'sock');
    }

    public function lock(string $projectRoot): string
    {
        return $this->file($projectRoot, 'lock');
    }

    public function log(string $projectRoot): string
    {
        return $this->file($projectRoot, 'log');
    }

    /**
     * @throws ServeError when the socket path would not fit in a socket address
     */
    public function checkSocketPath(string $projectRoot): void
    {
        if (strlen($this->socket($projectRoot)) > self::SOCKET_PATH_MAX) {
            throw new ServeError(sprintf('the socket path under %s is too long for a Unix socket; set XDG_RUNTIME_DIR or TMPDIR to a shorter directory.', $this->path));
        }
    }

    private function file(string $projectRoot, string $extension): string
    {
        return $this->path . '/' . substr(hash('sha256', $projectRoot), 0, 32) . '.' . $extension;
    }
}
