<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Runtime;

use AltairEval\Frontend\Runtime\ContractJson;
use AltairEval\Frontend\Runtime\Outcome;
use PHPUnit\Framework\TestCase;

/**
 * The contract's host key (what the guest booted, issue 13 point 1) reaches the CLI's JSON and the
 * MCP structured content, and is null when the extension does not report one.
 */
final class OutcomeHostTest extends TestCase
{
    public function testHostIsKeptLast(): void
    {
        $host = ['framework' => 'laravel', 'version' => '8.83.26', 'environment' => 'local'];
        $outcome = Outcome::fromArray(['ok' => true, 'sandbox' => [], 'host' => $host]);

        self::assertSame($host, $outcome->host);
        self::assertSame('host', array_key_last($outcome->toArray()));
        self::assertSame($host, json_decode((new ContractJson())->encode($outcome), true)['host']);
    }

    public function testNoHostIsNull(): void
    {
        $outcome = Outcome::fromArray(['ok' => true, 'sandbox' => []]);

        self::assertNull($outcome->host);
        self::assertArrayHasKey('host', $outcome->toArray());
    }
}
