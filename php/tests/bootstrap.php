<?php

declare(strict_types=1);

require dirname(__DIR__) . '/autoload.php';

if (!extension_loaded('altair_eval')) {
    fwrite(STDERR, "The tests need the extension: php -d extension=<repo>/modules/altair_eval.so vendor/bin/phpunit\n");
    exit(2);
}
