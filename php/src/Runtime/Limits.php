<?php

declare(strict_types=1);

namespace Altair\Eval\Runtime;

use Altair\Eval\EvalRequest;

/**
 * The ranges the front-ends accept. The extension clamps silently; the front-ends refuse instead,
 * so a typo never turns into a different limit. The numbers come from the extension's constants.
 */
final class Limits
{
    public function minTimeoutMs(): int
    {
        return EvalRequest::MIN_TIMEOUT_MS;
    }

    public function maxTimeoutMs(): int
    {
        return EvalRequest::MAX_TIMEOUT_MS;
    }

    public function defaultTimeoutMs(): int
    {
        return EvalRequest::DEFAULT_TIMEOUT_MS;
    }

    public function minMemoryMb(): int
    {
        return EvalRequest::MIN_MEMORY_LIMIT_MB;
    }

    public function maxMemoryMb(): int
    {
        return EvalRequest::MAX_MEMORY_LIMIT_MB;
    }

    public function defaultMemoryMb(): int
    {
        return EvalRequest::DEFAULT_MEMORY_LIMIT_MB;
    }
}
