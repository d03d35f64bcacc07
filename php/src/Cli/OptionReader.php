<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use Symfony\Component\Console\Input\InputInterface;

/**
 * Reads and checks option values; every problem is a UsageError with a one-line reason. It reads
 * Symfony's input, or the lean `eval` path's own (OptionValues) without loading Symfony.
 */
final class OptionReader
{
    public const DATABASES_VARIABLE = 'ALTAIR_EVAL_DATABASES';

    public function __construct(private readonly InputInterface|OptionValues $input)
    {
    }

    public function string(string $name): ?string
    {
        $value = $this->input->getOption($name);
        if ($value === null || $value === false) {
            return null;
        }
        if (!is_string($value)) {
            throw new UsageError(sprintf('--%s takes a single value.', $name));
        }

        return $value;
    }

    /**
     * Every value of a repeatable option, in order.
     *
     * @return list<string>
     */
    public function strings(string $name): array
    {
        $value = $this->input->getOption($name);
        if ($value === null || $value === false) {
            return [];
        }
        if (!is_array($value)) {
            return [(string) (is_scalar($value) ? $value : '')];
        }

        return array_values(array_map(static fn (mixed $item): string => is_scalar($item) ? (string) $item : '', $value));
    }

    /**
     * --allow-endpoint values: "host:port" (port 1-65535, "[v6]:port" for IPv6) or "unix:/absolute/path".
     *
     * @return list<string>
     */
    public function endpoints(string $name = 'allow-endpoint'): array
    {
        $endpoints = $this->strings($name);
        foreach ($endpoints as $endpoint) {
            $tcp = preg_match('/^(?:tcp:\/\/)?(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})$/', $endpoint, $match) === 1
                && (int) $match[1] >= 1 && (int) $match[1] <= 65535;
            $unix = preg_match('#^unix:/[^,;"$\\\\\r\n\0]+$#', $endpoint) === 1;
            if (!$tcp && !$unix) {
                throw new UsageError(sprintf('--%s must be HOST:PORT (port 1-65535) or unix:/absolute/path, got "%s".', $name, $endpoint));
            }
        }

        return $endpoints;
    }

    /**
     * --env values: environment variable names.
     *
     * @return list<string>
     */
    public function variableNames(string $name = 'env'): array
    {
        $names = $this->strings($name);
        foreach ($names as $variable) {
            if (preg_match('/^[A-Za-z_][A-Za-z0-9_]*$/', $variable) !== 1) {
                throw new UsageError(sprintf('--%s must name an environment variable ([A-Za-z_][A-Za-z0-9_]*), got "%s".', $name, $variable));
            }
        }

        return $names;
    }

    /**
     * An option whose value is optional: false when absent, null when given without a value, else
     * its value.
     */
    public function optional(string $name): string|false|null
    {
        $value = $this->input->getOption($name);
        if ($value === null || $value === false || is_string($value)) {
            return $value;
        }
        if ($value === true) {
            return null;
        }

        throw new UsageError(sprintf('--%s takes a single value.', $name));
    }

    /**
     * --database values and, when there are none, ALTAIR_EVAL_DATABASES (URLs separated by spaces
     * or commas): databases declared besides the app's own, each checked by the extension.
     *
     * @return list<string>
     */
    public function databases(string $name = 'database'): array
    {
        $databases = $this->strings($name);
        if ($databases === []) {
            $databases = self::listedDatabases((string) getenv(self::DATABASES_VARIABLE));
        }
        foreach ($databases as $url) {
            if (preg_match('#^[a-z][a-z0-9+.-]*://\S+$#i', $url) !== 1) {
                throw new UsageError(sprintf('--%s must be a URL such as pgsql://127.0.0.1:5432, mysql+unix:///run/mysqld/mysqld.sock or redis://127.0.0.1:6379, got "%s".', $name, $url));
            }
        }

        return $databases;
    }

    /**
     * The URLs of an ALTAIR_EVAL_DATABASES value.
     *
     * @return list<string>
     */
    public static function listedDatabases(string $value): array
    {
        return preg_split('/[\s,]+/', $value, -1, PREG_SPLIT_NO_EMPTY) ?: [];
    }

    /** Whether the command has this option at all (the lean path has every `eval` option). */
    public function has(string $name): bool
    {
        return $this->input instanceof OptionValues || $this->input->hasOption($name);
    }

    /** Whether the command line gave this option (not its default). */
    public function given(string $name): bool
    {
        if ($this->input instanceof OptionValues) {
            $value = $this->input->getOption($name);

            return $value !== null && $value !== false && $value !== [];
        }

        return $this->input->hasParameterOption('--' . $name, true);
    }

    public function flag(string $name): bool
    {
        return $this->input->getOption($name) === true;
    }

    public function intInRange(string $name, int $default, int $min, int $max): int
    {
        $raw = $this->string($name);
        if ($raw === null) {
            return $default;
        }
        if (preg_match('/^\d{1,9}$/', $raw) !== 1) {
            throw new UsageError(sprintf('--%s must be a whole number from %d to %d, got "%s".', $name, $min, $max, $raw));
        }
        $value = (int) $raw;
        if ($value < $min || $value > $max) {
            throw new UsageError(sprintf('--%s must be from %d to %d, got %d.', $name, $min, $max, $value));
        }

        return $value;
    }

    /**
     * @param list<string> $allowed
     */
    public function choice(string $name, array $allowed, string $default): string
    {
        $value = $this->string($name) ?? $default;
        if (!in_array($value, $allowed, true)) {
            throw new UsageError(sprintf('--%s must be one of %s, got "%s".', $name, implode(', ', $allowed), $value));
        }

        return $value;
    }

    /**
     * The real path of --project-root (default: the current directory).
     */
    public function projectRoot(string $name = 'project-root'): string
    {
        $raw = $this->string($name);
        $path = $raw ?? (string) getcwd();
        $real = realpath($path);
        if ($real === false || !is_dir($real)) {
            throw new UsageError(sprintf('--%s: "%s" is not a directory.', $name, $path));
        }

        return $real;
    }

    /**
     * The real path of a readable file inside $projectRoot (a relative one is taken from there), or null
     * when the option is absent.
     */
    public function bootstrap(string $projectRoot, string $name = 'bootstrap'): ?string
    {
        $raw = $this->string($name);
        if ($raw === null) {
            return null;
        }
        // Relative to the project root, like the extension's EvalRequest, not to the current directory.
        $real = realpath(str_starts_with($raw, '/') ? $raw : rtrim($projectRoot, '/') . '/' . $raw);
        if ($real === false || !is_file($real) || !is_readable($real)) {
            throw new UsageError(sprintf('--%s: cannot read "%s".', $name, $raw));
        }
        if (!str_starts_with($real, rtrim($projectRoot, '/') . '/')) {
            throw new UsageError(sprintf('--%s: "%s" is outside the project root %s.', $name, $raw, $projectRoot));
        }

        return $real;
    }
}
