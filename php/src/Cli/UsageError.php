<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

/**
 * A command line that cannot be run as given: the CLI prints the message on one line and exits 2.
 */
final class UsageError extends \InvalidArgumentException
{
}
