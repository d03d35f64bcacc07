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
        self::assertSame(Outcome::KEYS, array_keys($outcome->toArray()));
        self::assertSame($host, json_decode((new ContractJson())->encode($outcome), true)['host']);
    }

    public function testPeakRssFollowsTheHost(): void
    {
        $outcome = Outcome::fromArray(['ok' => true, 'sandbox' => [], 'memory_peak_rss_bytes' => 27_000_000]);

        self::assertSame(27_000_000, $outcome->memoryPeakRssBytes);
        self::assertSame(['host', 'memory_peak_rss_bytes', 'queries', 'effects', 'session'], array_slice(array_keys($outcome->toArray()), -5));
        self::assertNull(Outcome::fromArray(['ok' => true, 'sandbox' => []])->memoryPeakRssBytes);
    }

    /** An encoded object's properties are a JSON map even when empty, at any depth, as the contract says. */
    public function testEmptyPropertiesStayAMap(): void
    {
        $empty = ['type' => 'object', 'class' => 'stdClass', 'id' => 1, 'properties' => []];
        $outer = ['type' => 'array', 'is_list' => true, 'count' => 1, 'value' => [$empty]];
        $json = (new ContractJson())->encode(Outcome::fromArray(['ok' => true, 'sandbox' => [], 'result' => $outer]));

        self::assertStringContainsString('"properties":{}', $json);
        self::assertStringNotContainsString('"properties":[]', $json);
        self::assertStringContainsString('"value":[{', $json);
    }

    /** A session's call says so in the last key (issue 38); outside a session, and from an older extension, it is null. */
    public function testSessionIsTheLastKey(): void
    {
        $session = ['id' => str_repeat('ab', 16), 'call' => 3, 'kept' => false];
        $outcome = Outcome::fromArray(['ok' => false, 'sandbox' => [], 'session' => $session]);

        self::assertSame($session, $outcome->session);
        self::assertSame('session', array_key_last($outcome->toArray()));
        self::assertSame($session, json_decode((new ContractJson())->encode($outcome), true)['session']);
        self::assertNull(Outcome::fromArray(['ok' => true, 'sandbox' => []])->session);
        self::assertArrayHasKey('session', Outcome::fromArray(['ok' => true, 'sandbox' => [], 'session' => null])->toArray());
        $this->expectException(\UnexpectedValueException::class);
        Outcome::fromArray(['ok' => true, 'sandbox' => [], 'session' => ['id' => 'x', 'call' => '3', 'kept' => true]]);
    }

    public function testNoHostIsNull(): void
    {
        $outcome = Outcome::fromArray(['ok' => true, 'sandbox' => []]);

        self::assertNull($outcome->host);
        self::assertArrayHasKey('host', $outcome->toArray());
    }
}
