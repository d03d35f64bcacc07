<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Runtime;

use Altair\Eval\EvalRequest;

/**
 * The ranges the front-ends accept. The extension clamps silently; the front-ends refuse instead,
 * so a typo never turns into a different limit. The numbers come from the extension's constants.
 */
final class Limits
{
    public function minTimeoutMs(): int
    {
        return $this->int(EvalRequest::MIN_TIMEOUT_MS);
    }

    public function maxTimeoutMs(): int
    {
        return $this->int(EvalRequest::MAX_TIMEOUT_MS);
    }

    public function defaultTimeoutMs(): int
    {
        return $this->int(EvalRequest::DEFAULT_TIMEOUT_MS);
    }

    public function minMemoryMb(): int
    {
        return $this->int(EvalRequest::MIN_MEMORY_LIMIT_MB);
    }

    public function maxMemoryMb(): int
    {
        return $this->int(EvalRequest::MAX_MEMORY_LIMIT_MB);
    }

    public function defaultMemoryMb(): int
    {
        return $this->int(EvalRequest::DEFAULT_MEMORY_LIMIT_MB);
    }

    public function maxSnippetBytes(): int
    {
        return $this->int(EvalRequest::MAX_SNIPPET_BYTES);
    }

    /**
     * Why a snippet of this size is refused (the CLI's usage error and the MCP tool's error say the
     * same), or null when it is within EvalRequest::MAX_SNIPPET_BYTES.
     */
    public function snippetRefusal(int $bytes): ?string
    {
        $max = $this->maxSnippetBytes();

        return $bytes > $max ? sprintf('the snippet is over %d bytes (EvalRequest::MAX_SNIPPET_BYTES); put the code in a file of the project and require it.', $max) : null;
    }

    /**
     * The stub declares the constants as UNKNOWN (their values live in C); check them once here.
     */
    private function int(mixed $value): int
    {
        if (!is_int($value)) {
            throw new \LogicException('The altair_eval extension reports a non-integer limit.');
        }

        return $value;
    }
}
