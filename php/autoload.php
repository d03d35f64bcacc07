<?php

declare(strict_types=1);

/*
 * Chooses the autoloader for bin/altair: Composer's (php/vendor, after `composer install` in php/),
 * otherwise Debian's php-symfony-console plus a PSR-4 loader for this package. Returns false, with a
 * hint on stderr, when symfony/console is in neither place.
 */

$composer = __DIR__ . '/vendor/autoload.php';
if (is_file($composer)) {
    require $composer;

    return true;
}

require __DIR__ . '/autoload_frontend.php';

$debian = '/usr/share/php/Symfony/Component/Console/autoload.php';
if (is_file($debian)) {
    require $debian;

    return true;
}

fwrite(STDERR, "altair: symfony/console is missing. Run `composer install --no-dev` in " . __DIR__
    . " or `apt-get install php-symfony-console`.\n");

return false;
