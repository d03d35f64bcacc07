<?php
/*
 * What several benches share: real database servers (tests/servers/*.sh), the Laravel fixture pointed
 * at one through its .env, and laravel/tinker beside a copy of the fixture (for the tinker rows).
 */
declare(strict_types=1);

require_once __DIR__ . '/../tests/apps/fixtures/build.php';

/** Starts tests/servers/<name>.sh; returns its variables (ALTAIR_<SERVER>_PORT…). */
function bench_server(string $name, string $work, array &$servers): array
{
    $script = realpath(__DIR__ . '/../tests/servers/' . $name . '.sh');
    $servers[$script] = "$work/$name";
    $out = shell_exec(escapeshellarg($script) . ' start ' . escapeshellarg("$work/$name") . ' 2>/dev/null') ?? '';
    preg_match_all('/(ALTAIR_\w+)=(\S+)/', $out, $m, PREG_SET_ORDER);
    return array_column($m, 2, 1);
}

function bench_app(string $work, string $name, string $env): string
{
    $root = "$work/$name";
    altair_apps_build('laravel', $root, 'copy'); // each file of its own, as Composer installs them
    if ($env !== '') {
        file_put_contents("$root/.env", preg_replace('/^DB_CONNECTION=.*\n/m', '', (string) file_get_contents("$root/.env")) . $env);
        altair_apps_run([PHP_BINARY, 'artisan', 'migrate:fresh', '--seed', '--force', '--no-interaction'], $root);
    }
    return $root;
}

/**
 * A second copy of the app with laravel/tinker from Composer's registry (its vendor/ holds Debian's
 * Laravel, so the illuminate/* packages tinker requires are declared as replaced); the measured app
 * stays as it was. Null when it worked, else why not.
 */
function bench_tinker(string $root): ?string
{
    altair_apps_build('laravel', $root);
    $dir = $root . '-tinker';
    @mkdir($dir);
    file_put_contents("$dir/composer.json", json_encode([
        'require' => ['laravel/tinker' => '2.8.*', 'symfony/console' => '5.4.*'],
        'replace' => ['illuminate/console' => '8.83.26', 'illuminate/contracts' => '8.83.26', 'illuminate/support' => '8.83.26', 'symfony/var-dumper' => '5.4.99'],
    ]));
    exec('cd ' . escapeshellarg($dir) . ' && composer install --no-interaction --no-progress --quiet 2>&1', $output, $status);
    if ($status !== 0) {
        exec('rm -rf ' . escapeshellarg($dir));
        return 'composer could not install laravel/tinker: ' . implode(' ', array_slice($output, 0, 3));
    }
    // Tinker's classes through the app's autoloader, and its service provider in the app's config.
    file_put_contents("$root/vendor/autoload.php", str_replace('<?php', "<?php\nrequire_once " . var_export("$dir/vendor/autoload.php", true) . ';', file_get_contents("$root/vendor/autoload.php")));
    $config = "$root/config/app.php";
    file_put_contents($config, str_replace('App\Providers\AppServiceProvider::class,', "App\Providers\AppServiceProvider::class,\n        Laravel\Tinker\TinkerServiceProvider::class,", file_get_contents($config)));
    return null;
}
