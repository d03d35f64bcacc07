#!/usr/bin/env php
<?php

declare(strict_types=1);

/*
 * The PHP side of bin/altair (which starts PHP once, with the module when the ini does not load it).
 * Run it directly where there is no POSIX sh: php bin/altair.php eval 'return 1;'
 */

use AltairEval\Frontend\Cli\Entry;
use AltairEval\Frontend\Cli\Installation;

require dirname(__DIR__) . '/php/autoload_frontend.php';

exit((new Entry(Installation::checkout(dirname(__DIR__)), __FILE__))->run(array_values($_SERVER['argv'] ?? [])));
