<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\EvaluatorPort;
use AltairEval\Frontend\Runtime\Outcome;

/**
 * The thin start of `bin/altair eval`: the launcher starts PHP without its ini (`-n`, errors to
 * stderr) and with only the extensions the client needs (sockets, posix, mbstring, pcntl,
 * altair_eval), since loading a distribution's whole set of extensions is most of a PHP start-up.
 * With probeCold()'s flags (the full start's settings, and the child's ini named to the runner:
 * altair_eval.child_*) such a process evaluates cold itself, its child exactly a full start's; it
 * starts the same command again with the full ini only for a command line the console application
 * must parse. Without them (only while the project's server runs) it only parses, asks the server
 * and prints, and starts again with the full ini for a cold evaluation too, through this class as
 * its cold evaluator.
 *
 * probe() and probeCold() find the flags once, when the launcher's cache is written (LauncherCache).
 */
final class ThinStart implements EvaluatorPort
{
    /** Set by the launcher for a thin start: 1 when the ini loads the extension, 0 when it does not. */
    public const VARIABLE = 'ALTAIR_EVAL_THIN';
    /** What the client needs besides altair_eval, when this PHP has them as shared modules. */
    private const EXTENSIONS = ['sockets', 'posix', 'mbstring', 'pcntl'];
    private const OPTIONAL = ['pcntl'];
    /**
     * Settings the host reads from extensions a thin start does not load (runner/databases.c: where
     * a MySQL at localhost listens), with the value the host falls back on without them
     * (ALTAIR_EVAL_MYSQL_DEFAULT_SOCKET): any other value in the full ini means no thin cold start.
     */
    private const HOST_READS_WITHOUT_EXTENSION = [
        'pdo_mysql.default_socket' => '/var/run/mysqld/mysqld.sock',
        'mysqli.default_socket' => '/var/run/mysqld/mysqld.sock',
    ];

    /**
     * @param list<string> $arguments      the command line after the script
     * @param bool         $iniLoadsModule whether the full start loads the extension from the ini
     */
    public function __construct(
        private readonly string $modulePath,
        private readonly string $script,
        private readonly array $arguments,
        private readonly bool $iniLoadsModule,
    ) {
    }

    /**
     * The launcher's mark of a thin start ("1": the ini loads the extension, "0": it does not), or
     * null; removes it so that no child inherits it.
     */
    public static function claim(): ?string
    {
        $thin = getenv(self::VARIABLE);
        putenv(self::VARIABLE);

        return is_string($thin) ? $thin : null;
    }

    /**
     * The flags of a thin start of $php, checked by starting it once, or null when this PHP cannot
     * start thin (an extension the client needs is missing or not where PHP looks for it).
     *
     * @param string $module the altair_eval module to check them with
     * @return list<string>|null
     */
    public static function probe(string $php, string $module): ?array
    {
        $builtin = self::output([$php, '-n', '-r', 'echo implode("\n", get_loaded_extensions());']);
        if ($builtin === null) {
            return null;
        }
        $flags = ['-n', '-d', 'display_errors=stderr'];
        foreach (self::EXTENSIONS as $extension) {
            $path = rtrim((string) ini_get('extension_dir'), '/') . '/' . $extension . '.so';
            if (in_array($extension, explode("\n", $builtin), true)) {
                continue;
            }
            if (!extension_loaded($extension) || !is_file($path)) {
                if (in_array($extension, self::OPTIONAL, true)) {
                    continue;
                }

                return null;
            }
            array_push($flags, '-d', 'extension=' . $path);
        }
        $check = 'echo extension_loaded("sockets") && extension_loaded("posix") && extension_loaded("altair_eval") && function_exists("mb_strlen") ? "ok" : "no";';

        return self::output([$php, ...$flags, '-d', 'extension=' . $module, '-r', $check]) === 'ok' ? $flags : null;
    }

    /**
     * The flags that make a thin start of $php evaluate cold in-process exactly as the full start
     * would (added after probe()'s), or null when it cannot: called in the full start (same ini).
     * They give the thin host the full start's values of every setting both have (memory_limit,
     * include_path, error_reporting, ...: checked by starting it once, stderr empty), and name the
     * child's ini for the runner (altair_eval.child_ini, child_ini_scan_dir; the launcher adds
     * child_extension, the checkout's module when the ini does not load it). Where the host reads a
     * setting of an extension the thin start lacks and the value would change what it does (a
     * pdo_mysql/mysqli default socket other than the built-in one: runner/databases.c), none.
     *
     * @param list<string> $thin   probe()'s flags
     * @param string       $module the altair_eval module to check them with
     * @param string       $childExtension what the launcher will pass as altair_eval.child_extension
     * @return list<string>|null
     */
    public static function probeCold(string $php, array $thin, string $module, string $childExtension): ?array
    {
        foreach (self::HOST_READS_WITHOUT_EXTENSION as $name => $builtin) {
            $value = ini_get($name);
            if ($value !== false && $value !== '' && $value !== $builtin) {
                return null;
            }
        }
        $dump = 'echo json_encode(array_map(fn ($v) => $v === null ? "" : (string) $v, ini_get_all(null, false)));';
        $thinValues = json_decode((string) self::output([$php, ...$thin, '-d', 'extension=' . $module, '-r', $dump]), true);
        if (!is_array($thinValues)) {
            return null;
        }
        $flags = [];
        $expected = [];
        foreach ($thinValues as $name => $thinValue) {
            if (str_starts_with((string) $name, 'altair_eval.child_')) {
                continue;
            }
            $full = ini_get((string) $name);
            if ($full === false) {
                // a setting of a module this process has not loaded (altair_eval itself when the
                // ini does not load it): what the ini says, if it says anything
                $full = get_cfg_var((string) $name);
                if (!is_string($full)) {
                    continue;
                }
            }
            $expected[$name] = $full;
            if ($full !== $thinValue) {
                if (strpbrk($full, "\t\n\r\0") !== false) {
                    return null;
                }
                array_push($flags, '-d', $name . '=' . $full);
            }
        }
        $ini = php_ini_loaded_file();
        $scan = getenv('PHP_INI_SCAN_DIR');
        $child = [
            'altair_eval.child_ini' => is_string($ini) ? $ini : '-',
            'altair_eval.child_ini_scan_dir' => is_string($scan) ? $scan : PHP_CONFIG_FILE_SCAN_DIR,
        ];
        foreach ($child as $name => $value) {
            if (strpbrk($value, "\t\n\r\0") !== false) {
                return null;
            }
            array_push($flags, '-d', $name . '=' . $value);
        }
        $check = [$php, ...$thin, ...$flags, '-d', 'altair_eval.child_extension=' . $childExtension, '-d', 'extension=' . $module, '-r', $dump];
        $values = json_decode((string) self::output($check), true);
        if (!is_array($values)) {
            return null;
        }
        foreach ($expected + $child as $name => $value) {
            if (($values[$name] ?? null) !== $value) {
                return null;
            }
        }

        return $flags;
    }

    /**
     * Whether the launcher started this thin PHP able to evaluate cold (probeCold()'s flags).
     */
    public static function evaluatesCold(): bool
    {
        return (string) ini_get('altair_eval.child_ini') !== '';
    }

    /**
     * Starts the same command with the full ini and ends this process with its exit code.
     */
    public function evaluate(EvalCall $call): Outcome
    {
        exit($this->restart());
    }

    public function restart(): int
    {
        $extension = $this->iniLoadsModule || !is_file($this->modulePath) ? [] : ['-d', 'extension=' . $this->modulePath];

        return ExtensionLoader::replace([...$extension, $this->script, ...$this->arguments], getenv(), STDERR);
    }

    /**
     * @param list<string> $command
     */
    private static function output(array $command): ?string
    {
        $process = @proc_open($command, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        if (!is_resource($process)) {
            return null;
        }
        $output = (string) stream_get_contents($pipes[1]);
        $errors = (string) stream_get_contents($pipes[2]);
        fclose($pipes[1]);
        fclose($pipes[2]);

        return proc_close($process) === 0 && $errors === '' ? $output : null;
    }
}
