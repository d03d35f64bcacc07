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

    /** Issue 20: rollback is less than kept writes, more than none; a declared database is a right like an endpoint. */
    public function testRollbackAndDatabasesAreRightsOfTheirOwn(): void
    {
        $rollback = new ServerPolicy('/p', allowWrites: 'rollback', databases: ['pgsql://127.0.0.1:5432']);

        self::assertNull($rollback->refusal('rollback', false, [], false, ServerPolicy::CLI_NAMES, ['pgsql://127.0.0.1:5432']));
        self::assertSame('--writes was refused: this server was started without --allow-writes (only --allow-writes=rollback).', $rollback->refusal(true, false, names: ServerPolicy::CLI_NAMES));
        self::assertSame('--writes=rollback was refused: this server was started without --allow-writes=rollback (or --allow-writes).', (new ServerPolicy('/p'))->refusal('rollback', false, names: ServerPolicy::CLI_NAMES));
        self::assertNull((new ServerPolicy('/p', allowWrites: true))->refusal('rollback', false));
        self::assertSame('--database=redis://127.0.0.1:6379 was refused: this server was started without --database=redis://127.0.0.1:6379.', $rollback->refusal(false, false, [], false, ServerPolicy::CLI_NAMES, ['redis://127.0.0.1:6379']));
        self::assertSame('--allow-writes=rollback', $rollback->writesOption());
    }
}
