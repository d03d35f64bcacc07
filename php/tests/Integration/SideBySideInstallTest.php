<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Integration;

use AltairEval\Frontend\Tests\Support\Process;
use AltairEval\Frontend\Tests\Support\Repository;
use PHPUnit\Framework\TestCase;

/**
 * A Composer project that requires both univeros/framework (its package layout: PSR-4 `Altair\` in
 * src/Altair, with stand-in classes at the names its eval package uses) and this project's
 * front-ends (php/, as a path package): every class resolves to its own package's file, and no
 * fully qualified name is defined by both.
 */
final class SideBySideInstallTest extends TestCase
{
    /** univeros's eval classes whose names this project's front-ends once shared or could share. */
    private const UNIVEROS_CLASSES = [
        'Altair\Eval\Cli\EvalCommand',
        'Altair\Eval\Configuration\EvalConfiguration',
        'Altair\Eval\Runner\SubprocessRunner',
        'Altair\Eval\Runner\WrapperBuilder',
        'Altair\Mcp\Tool\Eval\EvalTool',
    ];

    private Repository $repository;
    private string $work;

    protected function setUp(): void
    {
        $this->repository = new Repository();
        $this->work = $this->repository->temporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->repository->remove($this->work);
    }

    public function testEachClassResolvesToItsOwnPackage(): void
    {
        $univeros = $this->work . '/univeros';
        $this->json($univeros . '/composer.json', [
            'name' => 'univeros/framework',
            'autoload' => ['psr-4' => ['Altair\\' => 'src/Altair']],
        ]);
        foreach (self::UNIVEROS_CLASSES as $class) {
            $this->standIn($univeros . '/src/' . str_replace('\\', '/', $class) . '.php', $class);
        }
        $project = $this->work . '/project';
        $this->json($project . '/composer.json', [
            'name' => 'example/app',
            'require' => ['univeros/framework' => '*@dev', 'altair/eval' => '*@dev'],
            // the front-ends' own dependency, provided here so that nothing is fetched
            'provide' => ['symfony/console' => '7.4.0'],
            'repositories' => [
                ['type' => 'path', 'url' => $univeros],
                ['type' => 'path', 'url' => $this->repository->root() . '/php', 'options' => ['symlink' => true]],
                ['packagist.org' => false],
            ],
            'config' => ['platform-check' => false],
        ]);

        $install = $this->composer($project, ['install', '--optimize-autoloader']);

        self::assertSame(0, $install->exitCode, $install->stderr);
        self::assertStringNotContainsString('Ambiguous class resolution', $install->stdout . $install->stderr);
        /** @var array<string, string> $classmap */
        $classmap = require $project . '/vendor/composer/autoload_classmap.php';
        foreach (self::UNIVEROS_CLASSES as $class) {
            self::assertSame(
                (string) realpath($univeros . '/src/' . str_replace('\\', '/', $class) . '.php'),
                realpath($classmap[$class] ?? ''),
                $class,
            );
        }
        $ours = 0;
        foreach (glob($this->repository->root() . '/php/src/*/*.php') ?: [] as $file) {
            $class = 'AltairEval\\Frontend\\' . basename(dirname($file)) . '\\' . basename($file, '.php');
            self::assertSame(realpath($file), realpath($classmap[$class] ?? ''), $class);
            $ours++;
        }
        self::assertGreaterThan(20, $ours);
        foreach (array_keys($classmap) as $class) {
            self::assertFalse(
                str_starts_with($class, 'Altair\\') && !in_array($class, self::UNIVEROS_CLASSES, true),
                $class . ' is in univeros\'s namespace but not one of its classes',
            );
        }
    }

    private function standIn(string $file, string $class): void
    {
        $namespace = substr($class, 0, (int) strrpos($class, '\\'));
        $name = substr($class, (int) strrpos($class, '\\') + 1);
        if (!is_dir(dirname($file))) {
            mkdir(dirname($file), 0777, true);
        }
        file_put_contents($file, "<?php\nnamespace {$namespace};\nfinal class {$name}\n{\n}\n");
    }

    /** @param array<string, mixed> $data */
    private function json(string $file, array $data): void
    {
        if (!is_dir(dirname($file))) {
            mkdir(dirname($file), 0777, true);
        }
        file_put_contents($file, json_encode($data, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES));
    }

    /** @param list<string> $arguments */
    private function composer(string $cwd, array $arguments): Process
    {
        $composer = trim((string) shell_exec('command -v composer'));
        self::assertNotSame('', $composer, 'composer is not installed (scripts/test-php installs it)');
        $environment = ['PATH' => (string) getenv('PATH'), 'HOME' => $this->work, 'COMPOSER_HOME' => $this->work . '/.composer',
            'COMPOSER_NO_INTERACTION' => '1', 'COMPOSER_ALLOW_SUPERUSER' => '1'];

        return Process::run([PHP_BINARY, $composer, ...$arguments, '--no-plugins', '--no-scripts', '--no-progress'], '', $cwd, $environment);
    }
}
