<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

/**
 * Tool arguments that cannot be run; reported to the client as a tool error, not a protocol error.
 */
final class ToolArgumentError extends \InvalidArgumentException
{
}
