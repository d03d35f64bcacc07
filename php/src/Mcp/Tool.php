<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

/**
 * One MCP tool: its definition for tools/list and its tools/call. A tool's own failures are tool
 * errors (isError) in the CallToolResult it returns, never exceptions.
 */
interface Tool
{
    public function name(): string;

    /**
     * @return array<string, mixed>
     */
    public function definition(string $protocolVersion): array;

    /**
     * @return array<string, mixed> a CallToolResult
     */
    public function call(mixed $arguments, string $protocolVersion): array;
}
