<?php

/*
 * HAND-WRITTEN, COMMITTED ON PURPOSE: a stand-in for the vendor/autoload.php that `composer install`
 * would generate, so that the example works on a fresh checkout without running Composer. It maps the
 * PSR-4 prefix declared in ../composer.json (App\ => src/). Running `composer dump-autoload` here
 * replaces it with Composer's own, which behaves the same.
 */

declare(strict_types=1);

spl_autoload_register(static function (string $class): void {
    $prefix = 'App\\';
    if (!str_starts_with($class, $prefix)) {
        return;
    }
    $file = dirname(__DIR__) . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
