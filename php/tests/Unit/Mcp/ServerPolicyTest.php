<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Mcp;

use AltairEval\Frontend\Mcp\ServerPolicy;
use PHPUnit\Framework\TestCase;

/**
 * The one policy check of the MCP server and of `bin/altair serve`: a call may ask for less than
 * the server was started with, never for more.
 */
final class ServerPolicyTest extends TestCase
{
    public function testAsksForMoreAreRefusedInTheCallersWords(): void
    {
        $strict = new ServerPolicy('/p', allowEndpoints: ['127.0.0.1:5432']);

        self::assertSame('allow_writes was refused: this server was started without --allow-writes.', $strict->refusal(true, false));
        self::assertSame('allow_network was refused: this server was started without --allow-network.', $strict->refusal(false, true));
        self::assertSame('--writes was refused: this server was started without --allow-writes.', $strict->refusal(true, false, names: ServerPolicy::CLI_NAMES));
        self::assertSame('--network was refused: this server was started without --allow-network.', $strict->refusal(false, true, names: ServerPolicy::CLI_NAMES));
        self::assertSame('--allow-endpoint=db:6379 was refused: this server was started without --allow-endpoint=db:6379.', $strict->refusal(false, false, ['127.0.0.1:5432', 'db:6379'], names: ServerPolicy::CLI_NAMES));
        self::assertSame('--unsafe was refused: a server never runs unsafe evaluations.', (new ServerPolicy('/p', true, true))->refusal(false, false, [], true, ServerPolicy::CLI_NAMES));
    }

    public function testAsksForLessOrTheSameAreAllowed(): void
    {
        $open = new ServerPolicy('/p', allowWrites: true, allowNetwork: true, allowEndpoints: ['127.0.0.1:5432', 'unix:/run/pg.sock']);

        self::assertNull($open->refusal(false, false));
        self::assertNull($open->refusal(true, true, ['unix:/run/pg.sock']));
        self::assertNull((new ServerPolicy('/p'))->refusal(false, false, []));
    }
}
