<?php

declare(strict_types=1);

/*
 * The PSR-4 loader of this package alone (AltairEval\Frontend\ → src/), without Composer: what the
 * lean `bin/altair eval` path needs, and autoload.php's fallback when there is no php/vendor.
 */

spl_autoload_register(static function (string $class): void {
    $prefix = 'AltairEval\\Frontend\\';
    if (str_starts_with($class, $prefix)) {
        $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
