<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Integration;

use AltairEval\Frontend\Cli\LauncherCache;
use AltairEval\Frontend\Tests\Support\Measured;
use AltairEval\Frontend\Tests\Support\Process;
use AltairEval\Frontend\Tests\Support\Repository;
use PHPUnit\Framework\TestCase;

/**
 * bin/altair run directly, the sh launcher (bin/altair.sh): how it starts PHP, seen through a php wrapper that logs its arguments.
 */
final class LauncherTest extends TestCase
{
    private Repository $repository;
    private string $scratch;
    private string $php;

    protected function setUp(): void
    {
        $this->repository = new Repository();
        $this->scratch = $this->repository->temporaryDirectory();
        mkdir($this->scratch . '/bin');
        $this->php = $this->scratch . '/bin/php';
        file_put_contents($this->php, sprintf("#!/bin/sh\nprintf '%%s\\n' \"\$*\" >> %s/starts\nexec %s \"\$@\"\n", $this->scratch, PHP_BINARY));
        chmod($this->php, 0755);
        mkdir($this->scratch . '/conf.d');
        // what the launcher watches was not just changed: its answer is trusted from the next run on
        foreach ([$this->php, $this->scratch . '/bin', $this->scratch . '/conf.d'] as $path) {
            touch($path, time() - 60);
        }
    }

    protected function tearDown(): void
    {
        $this->repository->remove($this->scratch);
    }

    /**
     * @param array<string, string> $environment
     */
    private function evalOnce(string $launcher = '', array $environment = []): Process
    {
        return Process::run([$launcher === '' ? $this->repository->altair() : $launcher, 'eval', '--project-root=' . $this->scratch, 'return 6 * 7;'], '', null, $environment + [
            'PHP_BINARY' => $this->php,
            'XDG_CACHE_HOME' => $this->scratch . '/cache',
            'PHP_INI_SCAN_DIR' => ':' . $this->scratch . '/conf.d',
        ] + getenv());
    }

    /**
     * @return list<string> the arguments of each PHP the launcher started
     */
    private function starts(): array
    {
        $log = $this->scratch . '/starts';
        $lines = is_file($log) ? file($log, FILE_IGNORE_NEW_LINES) : [];
        @unlink($log);

        return $lines === false ? [] : $lines;
    }

    public function testWithoutTheModuleInTheIniItLearnsOnceThenPassesTheModule(): void
    {
        $first = $this->evalOnce();
        self::assertSame(0, $first->exitCode, $first->stderr);
        self::assertStringStartsWith("✓ int 42\n", $first->stdout);
        self::assertStringNotContainsString('-d extension=', $this->starts()[0] ?? '', 'the first start asks PHP');
        self::assertSame('0', LauncherCache::read($this->scratch . '/cache/altair-eval/launcher')['loads'] ?? null);

        $second = $this->evalOnce();
        self::assertSame(0, $second->exitCode, $second->stderr);
        self::assertSame('', $second->stderr);
        $module = dirname($this->repository->altair()) . '/../modules/altair_eval.so';
        $starts = $this->starts();
        self::assertCount(1, $starts, 'one start: thin, evaluating cold itself');
        self::assertStringStartsWith('-n -d display_errors=stderr ', $starts[0]);
        self::assertStringEndsWith(' -d altair_eval.child_extension=' . $module . ' -d extension=' . $module . ' ' . $this->repository->entry() . ' eval --project-root=' . $this->scratch . ' return 6 * 7;', $starts[0]);
    }

    public function testWithoutAServerAColdEvalStartsThinAndItsChildIsTheFullStartsChild(): void
    {
        self::assertSame(0, $this->evalOnce()->exitCode, 'the launcher learns the flags');
        $this->starts();
        $snippet = 'return [php_ini_loaded_file(), php_ini_scanned_files(), get_loaded_extensions(), ini_get("disable_functions"), ini_get("memory_limit"), function_exists("exec")];';
        $environment = ['PHP_BINARY' => $this->php, 'XDG_CACHE_HOME' => $this->scratch . '/cache', 'PHP_INI_SCAN_DIR' => ':' . $this->scratch . '/conf.d'] + getenv();
        $arguments = ['eval', '--format=json', '--project-root=' . $this->scratch, $snippet];

        $thin = Process::run([$this->repository->altair(), ...$arguments], '', null, $environment);
        $thinStarts = $this->starts();
        $full = Process::run([$this->php, '-d', 'extension=' . $this->repository->module(), $this->repository->entry(), ...$arguments], '', null, $environment);

        self::assertCount(1, $thinStarts);
        self::assertStringStartsWith('-n ', $thinStarts[0]);
        self::assertStringContainsString(' -d altair_eval.child_ini=' . php_ini_loaded_file() . ' -d altair_eval.child_ini_scan_dir=:' . $this->scratch . '/conf.d ', $thinStarts[0]);
        self::assertSame(0, $thin->exitCode, $thin->stderr);
        self::assertSame(0, $full->exitCode, $full->stderr);
        self::assertSame('', $thin->stderr);
        self::assertSame(Measured::erased($full->stdout), Measured::erased($thin->stdout));
        $value = json_decode($thin->stdout, true)['result']['value'] ?? [];
        self::assertSame(php_ini_loaded_file(), $value[0]['value'] ?? null, "the child loads the full start's php.ini");
        self::assertSame(count(get_loaded_extensions()), $value[2]['count'] ?? null, "the child has the full start's extensions (this PHP's, altair_eval included)");
        self::assertFalse($value[5]['value'] ?? true);
    }

    public function testAThinColdStartReadsTheSnippetFromStandardInput(): void
    {
        self::assertSame(0, $this->evalOnce()->exitCode, 'the launcher learns the flags');
        $this->starts();

        $result = Process::run([$this->repository->altair(), 'eval', '--stdin', '--project-root=' . $this->scratch], 'return 5 * 5;', null, [
            'PHP_BINARY' => $this->php, 'XDG_CACHE_HOME' => $this->scratch . '/cache', 'PHP_INI_SCAN_DIR' => ':' . $this->scratch . '/conf.d',
        ] + getenv());

        $starts = $this->starts();
        self::assertCount(1, $starts, 'no restart: standard input is read once');
        self::assertStringStartsWith('-n ', $starts[0]);
        self::assertSame(0, $result->exitCode, $result->stderr);
        self::assertStringStartsWith("✓ int 25\n", $result->stdout);
    }

    public function testACommandLineForTheConsoleApplicationStillRestartsFull(): void
    {
        self::assertSame(0, $this->evalOnce()->exitCode, 'the launcher learns the flags');
        $this->starts();
        $arguments = ['eval', '--no-such-option', '--project-root=' . $this->scratch, 'return 1;'];
        $environment = ['PHP_BINARY' => $this->php, 'XDG_CACHE_HOME' => $this->scratch . '/cache', 'PHP_INI_SCAN_DIR' => ':' . $this->scratch . '/conf.d'] + getenv();

        $thin = Process::run([$this->repository->altair(), ...$arguments], '', null, $environment);
        $starts = $this->starts();
        $full = Process::run([$this->php, '-d', 'extension=' . $this->repository->module(), $this->repository->entry(), ...$arguments], '', null, $environment);

        // (the restart runs PHP_BINARY itself, past the logging wrapper)
        self::assertCount(1, $starts);
        self::assertStringStartsWith('-n ', $starts[0]);
        self::assertSame(2, $thin->exitCode);
        self::assertStringContainsString('no-such-option', $thin->stderr);
        self::assertSame([$full->exitCode, $full->stdout, $full->stderr], [$thin->exitCode, $thin->stdout, $thin->stderr]);
    }

    public function testAMysqlDefaultSocketTheHostCannotSeeThinMeansAColdEvalStartsFull(): void
    {
        if (!extension_loaded('mysqli')) {
            self::markTestSkipped('the ini loads no mysqli (php-mysql; scripts/test installs it before this stage)');
        }
        // runner/databases.c reads it from the host: a thin host has no mysqli to say it
        file_put_contents($this->scratch . '/conf.d/mysql.ini', "mysqli.default_socket = /run/altair-test/mysqld.sock\n");
        touch($this->scratch . '/conf.d', time() - 60);
        touch($this->scratch . '/conf.d/mysql.ini', time() - 60);
        self::assertSame(0, $this->evalOnce()->exitCode, 'the launcher learns the flags');
        $cached = LauncherCache::read($this->scratch . '/cache/altair-eval/launcher') ?? [];
        $this->starts();

        $result = $this->evalOnce();

        self::assertNotSame([], $cached, 'a cache of this format');
        self::assertStringStartsWith('-n', $cached['thin'] ?? '', 'a thin start is possible (for a server)');
        self::assertSame('', $cached['cold'] ?? null, 'but not a thin cold one');
        self::assertSame(0, $result->exitCode, $result->stderr);
        self::assertStringStartsNotWith('-n ', $this->starts()[0] ?? '-n ');
    }

    public function testWithTheModuleInTheIniItNeverPassesItAgain(): void
    {
        file_put_contents($this->scratch . '/conf.d/altair.ini', 'extension=' . $this->repository->module() . "\n");

        $first = $this->evalOnce();
        $second = $this->evalOnce();

        self::assertSame(0, $second->exitCode, $second->stderr);
        self::assertSame('', $second->stderr, 'no "already loaded" warning');
        self::assertStringStartsWith("✓ int 42\n", $second->stdout);
        self::assertSame(0, $first->exitCode);
        foreach ($this->starts() as $start) {
            self::assertStringNotContainsString('-d extension=', $start);
        }
    }

    public function testAnIniChangeAfterTheAnswerIsNoticed(): void
    {
        self::assertSame(0, $this->evalOnce()->exitCode);
        self::assertSame('0', LauncherCache::read($this->scratch . '/cache/altair-eval/launcher')['loads'] ?? null);
        $this->starts();

        file_put_contents($this->scratch . '/conf.d/altair.ini', 'extension=' . $this->repository->module() . "\n");
        $after = $this->evalOnce();

        self::assertSame('', $after->stderr, 'the stale answer was not used: no "already loaded" warning');
        self::assertStringNotContainsString('-d extension=', $this->starts()[0] ?? '-d extension=');
        self::assertSame('1', LauncherCache::read($this->scratch . '/cache/altair-eval/launcher')['loads'] ?? null);
    }

    public function testAnInstallWithoutModulesThroughASymlinkUsesTheIni(): void
    {
        $package = $this->scratch . '/vendor/altair/eval';
        mkdir($package . '/bin', 0777, true);
        mkdir($this->scratch . '/vendor/bin');
        copy($this->repository->altair(), $package . '/bin/altair');
        copy($this->repository->entry(), $package . '/bin/altair.php');
        copy($this->repository->root() . '/bin/altair.sh', $package . '/bin/altair.sh');
        chmod($package . '/bin/altair', 0755);
        symlink(dirname($this->repository->entry(), 2) . '/php', $package . '/php');
        symlink('../altair/eval/bin/altair', $this->scratch . '/vendor/bin/altair');

        $missing = $this->evalOnce($this->scratch . '/vendor/bin/altair');
        file_put_contents($this->scratch . '/conf.d/altair.ini', 'extension=' . $this->repository->module() . "\n");
        $installed = $this->evalOnce($this->scratch . '/vendor/bin/altair');

        self::assertSame(2, $missing->exitCode);
        self::assertStringContainsString('pecl install altair_eval', $missing->stderr);
        self::assertSame(0, $installed->exitCode, $installed->stderr);
        self::assertStringStartsWith("✓ int 42\n", $installed->stdout);
    }

    public function testWhileTheProjectsServerRunsEvalStartsPhpWithoutItsIni(): void
    {
        // The PHP front-end's thin start; without ALTAIR_EVAL_NO_CLIENT the server's client (built
        // beside the module) answers with no PHP start at all (ServeClientTest).
        $runtime = ['XDG_RUNTIME_DIR' => $this->scratch, 'ALTAIR_EVAL_NO_CLIENT' => '1'];
        $cold = $this->evalOnce('', $runtime);
        $started = Process::run([$this->repository->altair(), 'serve', '--daemon', '--project-root=' . $this->scratch], '', null, $runtime + ['PHP_BINARY' => PHP_BINARY] + getenv());
        self::assertSame(0, $started->exitCode, $started->stderr);
        $this->starts();
        try {
            $thin = $this->evalOnce('', $runtime);
            $status = Process::run([$this->repository->altair(), 'serve', '--status', '--project-root=' . $this->scratch], '', null, $runtime + getenv());
        } finally {
            Process::run([$this->repository->altair(), 'serve', '--stop', '--project-root=' . $this->scratch], '', null, $runtime + getenv());
        }

        self::assertStringStartsWith('-n -d display_errors=stderr ', $this->starts()[0] ?? '');
        self::assertSame(0, $thin->exitCode, $thin->stderr);
        self::assertSame(Measured::erased($cold->stdout), Measured::erased($thin->stdout));
        self::assertStringContainsString('evaluations: 1', $status->stdout);
    }

    public function testAThinStartWithAStaleServerSocketStillEvaluates(): void
    {
        $runtime = ['XDG_RUNTIME_DIR' => $this->scratch];
        self::assertSame(0, $this->evalOnce('', $runtime)->exitCode, 'the launcher learns the thin flags');
        mkdir($this->scratch . '/altair-eval', 0700);
        $socket = $this->scratch . '/altair-eval/' . substr(hash('sha256', $this->scratch), 0, 32) . '.sock';
        $stale = socket_create(AF_UNIX, SOCK_STREAM, 0);
        self::assertInstanceOf(\Socket::class, $stale);
        self::assertTrue(socket_bind($stale, $socket));
        socket_close($stale); // what a killed server leaves: its socket and its marker
        symlink(basename($socket), $this->scratch . '/altair-eval/root' . str_replace(['%', '/'], ['%25', '%2F'], $this->scratch));
        $this->starts();

        $result = $this->evalOnce('', $runtime);

        $starts = $this->starts();
        self::assertStringStartsWith('-n ', $starts[0] ?? '');
        self::assertCount(1, $starts, 'cold in the thin start itself');
        self::assertSame(0, $result->exitCode, $result->stderr);
        self::assertSame('', $result->stderr);
        self::assertStringStartsWith("✓ int 42\n", $result->stdout);
    }

    public function testTheCacheIsSourcedOnlyWhenItSaysItIsOne(): void
    {
        // The cache is a fragment of sh the launcher sources: one it did not write, or an older
        // format's lines, are never run.
        $ran = $this->scratch . '/ran';
        mkdir($this->scratch . '/cache/altair-eval', 0700, true);
        $cache = $this->scratch . '/cache/altair-eval/launcher';
        foreach (["altair-eval launcher 3\n/bin/touch " . $ran . "\n", "touch " . $ran . "\n# altair-eval launcher 4\n"] as $text) {
            file_put_contents($cache, $text);
            touch($cache, time() + 60); // newer than anything it watches, were it trusted

            $result = $this->evalOnce();

            self::assertSame(0, $result->exitCode, $result->stderr);
            self::assertFileDoesNotExist($ran);
            self::assertNotNull(LauncherCache::read($cache), 'the answer written again, in this format');
        }
    }

    public function testACachedValueIsReadBackByShExactlyAsWritten(): void
    {
        $values = ['php' => "/odd path/it's \$(touch x) `y` \\ \"q\"", 'thin' => "-n\t-d\tdisplay_errors=stderr", 'watched' => "/a\n/b c"];
        $file = $this->scratch . '/fragment';
        file_put_contents($file, LauncherCache::fragment($values));

        $read = Process::run(['/bin/sh', '-c', '. "$1"; printf "%s|%s|%s" "$altair_cache_php" "$altair_cache_thin" "$altair_cache_watched"', 'sh', $file], '', $this->scratch);

        self::assertSame(0, $read->exitCode, $read->stderr);
        self::assertSame(implode('|', $values), $read->stdout);
        self::assertFileDoesNotExist($this->scratch . '/x');
        self::assertSame($values, LauncherCache::read($file));
    }

    public function testAMissingPhpIsAUsageError(): void
    {
        $result = $this->evalOnce('', ['PHP_BINARY' => $this->scratch . '/no-php']);

        self::assertSame(2, $result->exitCode);
        self::assertStringContainsString('set PHP_BINARY', $result->stderr);
    }
}
