<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

/**
 * The project's server cannot be started, reached or stopped as asked; the message says why.
 */
final class ServeError extends \RuntimeException
{
}
