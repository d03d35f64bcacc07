<?php

/*
 * The app's container. altair_eval's child process loads vendor/autoload.php and this file, and hands
 * the result to snippets as container(): container(App\User\UserRepository::class)->count().
 */

declare(strict_types=1);

use App\Container;
use App\User\UserRepository;

// The evaluator has usually loaded it already; require_once keeps the file usable on its own too.
require_once __DIR__ . '/../vendor/autoload.php';

return new Container([
    \PDO::class => static function (): \PDO {
        $path = dirname(__DIR__) . '/var/app.sqlite';
        if (!is_file($path)) {
            throw new \RuntimeException(sprintf('No database at %s: run `php bin/setup.php` first.', $path));
        }

        // Open read-write without creating; SQLite falls back to read-only when the sandbox forbids writes.
        return new \PDO('sqlite:' . $path, null, null, [
            \PDO::ATTR_ERRMODE => \PDO::ERRMODE_EXCEPTION,
            \PDO::SQLITE_ATTR_OPEN_FLAGS => \PDO::SQLITE_OPEN_READWRITE,
        ]);
    },
    UserRepository::class => static fn (Container $c): UserRepository => new UserRepository($c->get(\PDO::class)),
]);
