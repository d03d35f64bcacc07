<?php

declare(strict_types=1);

namespace Altair\Eval\Mcp;

/**
 * Tool arguments that cannot be run; reported to the client as a tool error, not a protocol error.
 */
final class ToolArgumentError extends \InvalidArgumentException
{
}
