<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Serve;

use AltairEval\Frontend\Serve\ServeError;
use AltairEval\Frontend\Serve\Wire;
use PHPUnit\Framework\TestCase;

/**
 * The server's framing: a message is taken whole or not at all, whatever the reads cut it into.
 */
final class WireTest extends TestCase
{
    public function testAMessageArrivingByteByByteIsTakenOnceWhole(): void
    {
        $wire = new Wire();
        $bytes = $wire->encode(['op' => 'eval', 'snippet' => "return \"\0\xff\";"]) . $wire->encode(['op' => 'status']);
        $buffer = '';
        $taken = [];
        foreach (str_split($bytes) as $byte) {
            $buffer .= $byte;
            while (($message = $wire->take($buffer)) !== null) {
                $taken[] = $message;
            }
        }

        self::assertSame([['op' => 'eval', 'snippet' => "return \"\0\xff\";"], ['op' => 'status']], $taken);
        self::assertSame('', $buffer);
    }

    public function testALengthOverTheLimitIsRefusedBeforeItsBytesArrive(): void
    {
        $buffer = pack('N', 9 * 1024 * 1024);

        $this->expectException(ServeError::class);
        (new Wire())->take($buffer, 8 * 1024 * 1024);
    }

    public function testAnObjectOrGarbageIsRefused(): void
    {
        foreach (['O:8:"stdClass":0:{}', 'not serialized', 'i:5;'] as $payload) {
            $buffer = pack('N', strlen($payload)) . $payload;
            try {
                (new Wire())->take($buffer);
                self::fail('taken: ' . $payload);
            } catch (ServeError $error) {
                self::assertStringContainsString('malformed', $error->getMessage());
            }
        }
    }
}
