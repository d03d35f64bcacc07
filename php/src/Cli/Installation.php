<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

/**
 * Where this copy of the front-ends was started from (docs/install.md), which decides three things:
 * the module loaded when PHP's ini does not load the extension, the autoloader of the console
 * application (it needs symfony/console), and the default project root.
 *
 *  - A checkout (bin/altair, bin/altair.php): the module built at modules/, php/autoload.php
 *    (php/vendor, else Debian's php-symfony-console), the current directory.
 *  - The Composer package (php/bin/altair, reached through vendor/bin/altair in an application):
 *    the extension from the ini (PIE, PECL), else the module of the checkout the package lives in
 *    (a path repository); the application's own Composer autoloader, which has this package's
 *    classes and the symfony/console Composer chose for the application; and that application
 *    (the nearest directory above its vendor directory with a composer.json), whatever the current
 *    directory is, unless the package is in Composer's global home.
 */
final class Installation
{
    /** The commands that take --project-root. */
    private const ROOTED_COMMANDS = ['eval', 'mcp', 'serve', 'events:tail'];

    /**
     * @param string|null $missing the one line said when the extension is nowhere (null: the
     *                             checkout's instructions, ExtensionLoader::instructions())
     */
    private function __construct(
        private readonly string $module,
        private readonly ?string $missing,
        private readonly ?string $composerAutoloader,
        private readonly string $fallbackAutoloader,
        private readonly ?string $application,
    ) {
    }

    /** A checkout of this repository, run as bin/altair or bin/altair.php. */
    public static function checkout(string $repository): self
    {
        return new self($repository . '/modules/altair_eval.so', null, null, $repository . '/php/autoload.php', null);
    }

    /**
     * The Composer package whose directory is $package (php/ in a checkout, vendor/altair/eval in an
     * application), started through Composer's proxy (which names the application's autoloader in
     * $composerAutoloader) or by its own path.
     */
    public static function package(string $package, ?string $composerAutoloader): self
    {
        $real = (string) realpath($package);
        $source = dirname($real);
        // Installed from a checkout through a path repository (a symlink), or run in the checkout itself.
        $inCheckout = is_file($source . '/config.m4') && is_file($source . '/php_altair_eval.h');
        if ($composerAutoloader === null || !is_file($composerAutoloader)) {
            // Without the proxy: a copy installed at <vendor>/altair/eval knows its vendor directory.
            $vendor = dirname($package, 2);
            $composerAutoloader = is_file($vendor . '/autoload.php') && is_file($vendor . '/composer/installed.json') ? $vendor . '/autoload.php' : null;
        }
        $application = $composerAutoloader === null ? null : self::applicationOf(dirname($composerAutoloader));
        // Outside a checkout there is no module to fall back on: only the ini's extension.
        $module = $inCheckout ? $source . '/modules/altair_eval.so' : '';

        return new self($module, self::installHint($inCheckout ? $module : null), $composerAutoloader, $real . '/autoload.php', $application);
    }

    /**
     * @param resource $stderr
     */
    public function loader(string $script, $stderr): ExtensionLoader
    {
        return new ExtensionLoader($this->module, $script, $stderr, $this->missing);
    }

    /** The module of the checkout, loaded when the ini does not load the extension ('' for none). */
    public function module(): string
    {
        return $this->module;
    }

    /**
     * Makes symfony/console and this package's classes loadable; false (with a hint on stderr) when
     * symfony/console is nowhere.
     */
    public function requireAutoloader(): bool
    {
        if ($this->composerAutoloader !== null) {
            // Its maps name this package's classes in the copy Composer installed, the one running
            // (its own loader, autoload_frontend.php, names the same files), and symfony/console.
            require $this->composerAutoloader;

            return true;
        }

        return (require $this->fallbackAutoloader) === true;
    }

    /** The application the package is installed in, or null (the checkout, a global install). */
    public function application(): ?string
    {
        return $this->application;
    }

    /**
     * $argv with `--project-root=<the application>` after a command that takes one and was given
     * none, so that vendor/bin/altair evaluates in its application from any directory.
     *
     * @param list<string> $argv
     * @return list<string>
     */
    public function withDefaultRoot(array $argv): array
    {
        if ($this->application === null || !in_array($argv[1] ?? '', self::ROOTED_COMMANDS, true)) {
            return $argv;
        }
        foreach (array_slice($argv, 2) as $argument) {
            if ($argument === '--') {
                break;
            }
            if ($argument === '--project-root' || str_starts_with($argument, '--project-root=')) {
                return $argv;
            }
        }
        array_splice($argv, 2, 0, ['--project-root=' . $this->application]);

        return $argv;
    }

    /**
     * One line: how to install the extension; with $module (the package lives in a checkout), how to
     * build it there too.
     */
    private static function installHint(?string $module): string
    {
        return sprintf(
            'altair: PHP does not load the %s extension%s. Install it with `pie install altair/altair-eval`'
            . ' or `pecl install altair_eval` (then extension=altair_eval in php.ini)%s; see docs/install.md.',
            ExtensionLoader::EXTENSION,
            $module === null ? '' : sprintf(' and %s is not built', $module),
            $module === null ? '' : sprintf(', or build it: cd %s && phpize && ./configure --enable-altair-eval && make', escapeshellarg(dirname($module, 2))),
        );
    }

    /**
     * The project whose vendor directory is $vendor: the nearest directory above it with a
     * composer.json; null for Composer's global home, where the current directory is the project.
     */
    private static function applicationOf(string $vendor): ?string
    {
        $directory = (string) realpath($vendor);
        for ($hops = 0; $hops < 8 && $directory !== '/' && $directory !== ''; $hops++) {
            $directory = dirname($directory);
            if (is_file($directory . '/composer.json')) {
                return in_array($directory, self::globalHomes(), true) ? null : $directory;
            }
        }

        return null;
    }

    /** @return list<string> */
    private static function globalHomes(): array
    {
        $homes = [];
        $home = (string) getenv('HOME');
        foreach ([(string) getenv('COMPOSER_HOME'), (string) getenv('XDG_CONFIG_HOME') . '/composer', $home . '/.config/composer', $home . '/.composer'] as $path) {
            $real = $path === '' || $path === '/composer' ? false : realpath($path);
            if ($real !== false) {
                $homes[] = $real;
            }
        }

        return $homes;
    }
}
