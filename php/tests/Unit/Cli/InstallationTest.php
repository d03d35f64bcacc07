<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Cli;

use AltairEval\Frontend\Cli\Installation;
use AltairEval\Frontend\Tests\Support\Repository;
use PHPUnit\Framework\TestCase;

/**
 * Where each way of installing the front-ends finds the module and the project (docs/install.md);
 * tests/install/run.sh runs the real Composer install.
 */
final class InstallationTest extends TestCase
{
    private Repository $repository;
    private string $work;
    private string|false $composerHome;

    protected function setUp(): void
    {
        $this->repository = new Repository();
        $this->work = $this->repository->temporaryDirectory();
        $this->composerHome = getenv('COMPOSER_HOME');
    }

    protected function tearDown(): void
    {
        putenv($this->composerHome === false ? 'COMPOSER_HOME' : 'COMPOSER_HOME=' . $this->composerHome);
        $this->repository->remove($this->work);
    }

    public function testTheCheckoutUsesItsModuleAndTheCurrentDirectory(): void
    {
        $checkout = Installation::checkout('/src/altair_eval');

        self::assertSame('/src/altair_eval/modules/altair_eval.so', $checkout->module());
        self::assertNull($checkout->application());
        self::assertSame(['bin/altair', 'eval', 'return 1;'], $checkout->withDefaultRoot(['bin/altair', 'eval', 'return 1;']));
    }

    public function testThePackageInAnApplicationEvaluatesThereByDefault(): void
    {
        $app = $this->application('app');
        $package = Installation::package($app . '/vendor/altair/eval', $app . '/vendor/autoload.php');

        self::assertSame($app, $package->application());
        self::assertSame('', $package->module(), 'no checkout around it: no module to fall back on');
        foreach (['eval', 'mcp', 'serve', 'events:tail'] as $command) {
            self::assertSame(['altair', $command, '--project-root=' . $app, '-x'], $package->withDefaultRoot(['altair', $command, '-x']));
        }
        self::assertSame(
            ['altair', 'eval', '--project-root=' . $app, '--', '--project-root=/elsewhere'],
            $package->withDefaultRoot(['altair', 'eval', '--', '--project-root=/elsewhere']),
            'after -- it is the snippet',
        );
        foreach ([['altair', 'eval', '--project-root=/x', 'return 1;'], ['altair', 'mcp', '--project-root', '/x'], ['altair', '--version'], ['altair', 'list'], ['altair']] as $argv) {
            self::assertSame($argv, $package->withDefaultRoot($argv));
        }
    }

    public function testRunWithoutComposersProxyACopyFindsItsVendorDirectory(): void
    {
        $app = $this->application('app');

        self::assertSame($app, Installation::package($app . '/vendor/altair/eval', null)->application());
        self::assertSame($app, Installation::package($app . '/vendor/altair/eval', $app . '/vendor/missing.php')->application());
    }

    public function testInComposersGlobalHomeTheCurrentDirectoryIsTheProject(): void
    {
        $home = $this->application('composer-home');
        putenv('COMPOSER_HOME=' . $home);

        self::assertNull(Installation::package($home . '/vendor/altair/eval', $home . '/vendor/autoload.php')->application());
    }

    public function testInsideACheckoutTheModuleIsTheCheckoutsAndItsAbsenceIsOneLine(): void
    {
        $checkout = $this->work . '/checkout';
        mkdir($checkout . '/php', 0777, true);
        touch($checkout . '/config.m4');
        touch($checkout . '/php_altair_eval.h');
        $package = Installation::package($checkout . '/php', null);

        self::assertSame($checkout . '/modules/altair_eval.so', $package->module());
        $message = $this->missing($package);
        self::assertSame(1, substr_count($message, "\n"), $message);
        self::assertStringEndsWith("\n", $message);
        self::assertStringContainsString($checkout . '/modules/altair_eval.so is not built', $message);
        self::assertStringContainsString('pie install altair/altair-eval', $message);
        self::assertStringContainsString("cd '" . $checkout . "' && phpize && ./configure --enable-altair-eval && make", $message);
    }

    public function testOutsideACheckoutTheMissingExtensionIsOneLineNamingTheInstallers(): void
    {
        $app = $this->application('app');
        $message = $this->missing(Installation::package($app . '/vendor/altair/eval', $app . '/vendor/autoload.php'));

        self::assertSame(1, substr_count($message, "\n"), $message);
        self::assertStringStartsWith('altair: PHP does not load the altair_eval extension. ', $message);
        self::assertStringContainsString('`pie install altair/altair-eval`', $message);
        self::assertStringContainsString('`pecl install altair_eval`', $message);
        self::assertStringNotContainsString('phpize', $message);
    }

    /** An application with Composer's vendor/ and this package installed as a copy in it. */
    private function application(string $name): string
    {
        $app = $this->work . '/' . $name;
        mkdir($app . '/vendor/composer', 0777, true);
        mkdir($app . '/vendor/altair/eval/bin', 0777, true);
        file_put_contents($app . '/composer.json', '{}');
        file_put_contents($app . '/vendor/autoload.php', "<?php\n");
        file_put_contents($app . '/vendor/composer/installed.json', '{"packages": []}');

        return $app;
    }

    private function missing(Installation $installation): string
    {
        $stderr = fopen('php://memory', 'r+');
        self::assertIsResource($stderr);
        self::assertSame(2, $installation->loader('/nowhere/altair', $stderr)->reexecute(['eval', 'return 1;']));
        rewind($stderr);

        return (string) stream_get_contents($stderr);
    }
}
