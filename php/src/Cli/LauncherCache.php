<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use AltairEval\Frontend\Serve\RuntimeDir;

/**
 * The answer bin/altair (the sh launcher) keeps so that it starts PHP once: does this PHP's ini
 * already load the extension? When it does not know, the launcher starts PHP without the module and
 * names its cache file in CACHE_VARIABLE; record() writes the answer there, with every file and
 * directory that could change it (the binary and its links, php.ini, the scan directories and their
 * files). The launcher trusts the answer while none of them is newer than the cache file, whose
 * mtime is set two seconds before this PHP started, so that an edit racing the probe is seen.
 *
 * The file is a fragment of sh that the launcher sources (`.`: read in one go, where sh's `read`
 * takes a byte per system call, a millisecond for this file), each value single-quoted:
 *
 *   # altair-eval launcher 4
 *   altair_cache_php=…        the launcher's php
 *   altair_cache_rc=…         PHPRC
 *   altair_cache_scan=…       PHP_INI_SCAN_DIR
 *   altair_cache_loads=…      1 or 0
 *   altair_cache_thin=…       the flags of a thin start (ThinStart), tab-separated, or nothing
 *   altair_cache_module=…     the ini's altair_eval module
 *   altair_cache_tmp_key=…    TMPDIR
 *   altair_cache_tmp_runtime=…  the runtime directory without XDG_RUNTIME_DIR (RuntimeDir)
 *   altair_cache_cold=…       the flags a thin start adds to evaluate cold itself (ThinStart::probeCold:
 *                             the full start's settings and the child's ini), tab-separated, or nothing
 *   altair_cache_watched=…    the paths, one per line
 *
 * The launcher checks the first line before it sources anything (an older cache is never run).
 *
 * A wrong or stale answer costs speed, never correctness: bin/altair.php loads the module itself
 * (ExtensionLoader) when it is missing.
 */
final class LauncherCache
{
    public const CACHE_VARIABLE = 'ALTAIR_EVAL_LAUNCHER_CACHE';
    public const PHP_VARIABLE = 'ALTAIR_EVAL_LAUNCHER_PHP';
    public const MAGIC = '# altair-eval launcher 4';
    private const SLACK_SECONDS = 2;

    /**
     * Writes the answer when the launcher asked for it, and removes the request from the environment
     * either way (the snippet's child inherits it otherwise).
     */
    public function record(bool $iniLoadsModule, string $checkoutModule): void
    {
        $file = (string) getenv(self::CACHE_VARIABLE);
        $php = (string) getenv(self::PHP_VARIABLE);
        putenv(self::CACHE_VARIABLE);
        putenv(self::PHP_VARIABLE);
        if ($file === '' || $php === '' || !str_starts_with($file, '/')) {
            return;
        }
        $iniModule = rtrim((string) ini_get('extension_dir'), '/') . '/altair_eval.so';
        $iniModule = $iniLoadsModule && is_file($iniModule) ? $iniModule : '';
        $module = $iniLoadsModule ? $iniModule : $checkoutModule;
        $thin = $iniLoadsModule && $iniModule === '' ? null : ThinStart::probe($php, $module);
        $cold = $thin === null ? null : ThinStart::probeCold($php, $thin, $module, $iniLoadsModule ? '' : $checkoutModule);
        $watched = $this->watched($php);
        $values = [
            'php' => $php, 'rc' => (string) getenv('PHPRC'), 'scan' => (string) getenv('PHP_INI_SCAN_DIR'),
            'loads' => $iniLoadsModule ? '1' : '0', 'thin' => $thin === null ? '' : implode("\t", $thin), 'module' => $iniModule,
            'tmp_key' => (string) getenv('TMPDIR'), 'tmp_runtime' => function_exists('posix_geteuid') ? RuntimeDir::temporary(posix_geteuid()) : '',
            'cold' => $cold === null ? '' : implode("\t", $cold), 'watched' => implode("\n", $watched),
        ];
        // One value per line but the list of paths; tabs only as the flags' separator.
        foreach ([...array_diff_key($values, ['watched' => 0]), ...$watched] as $value) {
            if (str_contains($value, "\n") || str_contains($value, "\0")) {
                return;
            }
        }
        foreach ([$thin, $cold] as $flags) {
            if ($flags !== null && str_contains(implode('', $flags), "\t")) {
                return;
            }
        }
        $this->write($file, self::fragment($values));
    }

    /**
     * The cache's text: the magic line, then `altair_cache_<name>='<value>'` per value, quoted for sh.
     *
     * @param array<string, string> $values
     */
    public static function fragment(array $values): string
    {
        $text = self::MAGIC . "\n";
        foreach ($values as $name => $value) {
            $text .= sprintf("altair_cache_%s='%s'\n", $name, str_replace("'", "'\\''", $value));
        }

        return $text;
    }

    /**
     * What a cache file holds (the values fragment() wrote), or null when it is not one.
     *
     * @return array<string, string>|null
     */
    public static function read(string $file): ?array
    {
        $text = @file_get_contents($file);
        if (!is_string($text) || !str_starts_with($text, self::MAGIC . "\n")) {
            return null;
        }
        preg_match_all("/^altair_cache_(\\w+)='((?:[^']|'\\\\'')*)'$/m", $text, $matches, PREG_SET_ORDER);
        $values = [];
        foreach ($matches as [, $name, $quoted]) {
            $values[$name] = str_replace("'\\''", "'", $quoted);
        }

        return $values;
    }

    /**
     * @return list<string>
     */
    private function watched(string $php): array
    {
        $paths = [PHP_BINARY];
        for ($link = $php, $hops = 0; $link !== '' && $hops < 16; $hops++) {
            $paths[] = $link;
            $paths[] = dirname($link);
            $target = is_link($link) ? (string) readlink($link) : '';
            $link = $target === '' || str_starts_with($target, '/') ? $target : dirname($link) . '/' . $target;
        }
        $loaded = php_ini_loaded_file();
        if (is_string($loaded)) {
            array_push($paths, $loaded, dirname($loaded));
        }
        $paths[] = PHP_CONFIG_FILE_PATH;
        $rc = (string) getenv('PHPRC');
        if ($rc !== '') {
            $paths[] = $rc;
        }
        $scan = getenv('PHP_INI_SCAN_DIR');
        foreach (is_string($scan) ? explode(PATH_SEPARATOR, $scan) : [PHP_CONFIG_FILE_SCAN_DIR] as $directory) {
            $paths[] = $directory === '' ? PHP_CONFIG_FILE_SCAN_DIR : $directory;
        }
        foreach (explode(',', (string) php_ini_scanned_files()) as $scanned) {
            $paths[] = trim($scanned);
        }

        return array_values(array_unique(array_filter($paths, static fn (string $path): bool => $path !== '')));
    }

    private function write(string $file, string $contents): void
    {
        $directory = dirname($file);
        if (!is_dir($directory) && !@mkdir($directory, 0700, true)) {
            return;
        }
        $temporary = $directory . '/.launcher.' . getmypid() . '.' . bin2hex(random_bytes(4));
        $handle = @fopen($temporary, 'x');
        if ($handle === false) {
            return;
        }
        $written = fwrite($handle, $contents) === strlen($contents);
        fclose($handle);
        $startedAt = is_int($_SERVER['REQUEST_TIME'] ?? null) ? $_SERVER['REQUEST_TIME'] : time();
        if (!$written || !touch($temporary, $startedAt - self::SLACK_SECONDS) || !rename($temporary, $file)) {
            @unlink($temporary);
        }
    }
}
