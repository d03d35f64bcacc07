<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Cli;

use AltairEval\Frontend\Cli\EffectSummary;
use AltairEval\Frontend\Cli\HumanRenderer;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Tests\Support\Outcomes;
use PHPUnit\Framework\TestCase;

/**
 * Issue 39 item 2: the effects under the queries in the human output, one line per effect in order,
 * secrets masked, capped with "… N more", hidden with --no-effects.
 */
final class EffectSummaryTest extends TestCase
{
    private const FLOW = [
        ['kind' => 'log', 'level' => 'info', 'message' => 'Registering eve@example.com with $2y$10$abcdefghijklmnopqrstuv', 'channel' => 'single'],
        ['kind' => 'http', 'method' => 'POST', 'url' => 'https://user:***@api.verifier.example/v1/check?api_key=vk_live_1&email=eve', 'status' => 503, 'fake' => false],
        ['kind' => 'mail', 'to' => ['eve@example.com'], 'subject' => 'Welcome, Eve!', 'mailable' => 'App\Mail\WelcomeMail'],
        ['kind' => 'job', 'class' => 'App\Jobs\SendWelcomeSms', 'queue' => 'sms', 'connection' => 'database', 'payload_bytes' => 769],
        ['kind' => 'event', 'class' => 'App\Events\UserRegistered', 'listeners' => ['App\Listeners\CountRegistration']],
        ['kind' => 'blocked', 'call' => 'connect', 'address' => '10.0.0.5:443'],
    ];

    public function testOneLinePerEffectUnderTheQueries(): void
    {
        $outcomes = new Outcomes();
        $outcome = $outcomes->make([
            'result' => ['type' => 'int', 'value' => 4],
            'queries' => [['database' => 0, 'text' => 'select 1', 'params' => null, 'duration_ms' => 0.5, 'rows' => 1, 'error' => null, 'refused' => false]],
            'effects' => self::FLOW,
        ]);

        $text = (new HumanRenderer(false))->render($outcome, new EvalCall('x', '/app', 1000, 128));

        self::assertStringStartsWith(
            "✓ int 4\n"
            . "queries: 1\n"
            . "  0.50 ms  select 1  → 1 row\n"
            . "effects: 6 (recorded, not sent; 1 refused by the sandbox)\n"
            . "  log      info  Registering eve@example.com with ***  (single)\n"
            . "  http     POST https://user:***@api.verifier.example/v1/check?api_key=***&email=eve → 503 (the sandbox's answer)\n"
            . "  mail     to eve@example.com  \"Welcome, Eve!\"  App\\Mail\\WelcomeMail\n"
            . "  job      App\\Jobs\\SendWelcomeSms  on database, queue sms  (769 bytes)\n"
            . "  event    App\\Events\\UserRegistered → App\\Listeners\\CountRegistration\n"
            . "  blocked  connect 10.0.0.5:443\n"
            . 'duration=',
            $text,
        );
        self::assertStringNotContainsString('vk_live_1', $text);
        self::assertStringNotContainsString('abcdefghij', $text);
        $hidden = (new HumanRenderer(false))->render($outcome, new EvalCall('x', '/app', 1000, 128), effects: false);
        self::assertStringNotContainsString('effects', $hidden);
        self::assertStringContainsString('queries: 1', $hidden);
    }

    public function testEveryKindHasItsLine(): void
    {
        $lines = (new EffectSummary())->lines([
            ['kind' => 'broadcast', 'event' => 'App\Events\OrderShipped', 'channels' => ['private-orders.1']],
            ['kind' => 'notification', 'class' => 'App\Notifications\Invoice', 'channel' => 'slack', 'notifiable' => 'App\Models\User'],
            ['kind' => 'http', 'method' => 'POST', 'url' => 'https://api.stripe.com/v1/charges', 'status' => 200, 'fake' => true],
            ['kind' => 'unrecorded', 'transport' => 'guzzle', 'reason' => 'App\Http\Client has no handler stack to record'],
            ['kind' => 'job', 'class' => 'App\Message\WelcomeSms', 'queue' => null, 'connection' => 'async', 'payload_bytes' => null],
            ['kind' => 'something new', 'field' => "a\033[31mb"],
        ]);

        self::assertSame([
            'effects: 6 (recorded, not sent)',
            '  broadcast App\Events\OrderShipped on private-orders.1',
            '  notification App\Notifications\Invoice via slack to App\Models\User (cancelled)',
            '  http     POST https://api.stripe.com/v1/charges → 200 (--fake-http answer)',
            '  unrecorded guzzle: not recorded, App\Http\Client has no handler stack to record',
            '  job      App\Message\WelcomeSms  on async',
            '  something new {"field":"a\\u001b[31mb"}',
        ], $lines);
    }

    public function testCappedWithACountOfTheRestAndTheResultsOwnCap(): void
    {
        $effects = [];
        for ($i = 0; $i < EffectSummary::SHOWN + 3; $i++) {
            $effects[] = ['kind' => 'log', 'level' => 'debug', 'message' => "line $i", 'channel' => 'stack'];
        }
        $effects[] = ['truncated' => true];

        $lines = (new EffectSummary())->lines($effects);

        self::assertSame('effects: ' . (EffectSummary::SHOWN + 3) . '+ (recorded, not sent)', $lines[0]);
        self::assertCount(EffectSummary::SHOWN + 3, $lines);
        self::assertSame('  … 3 more (--format=json lists them all)', $lines[EffectSummary::SHOWN + 1]);
        self::assertStringContainsString('its cap on effects was reached', $lines[EffectSummary::SHOWN + 2]);
    }

    public function testNothingRecordedPrintsNothing(): void
    {
        self::assertSame([], (new EffectSummary())->lines([]));
    }

    public function testControlCharactersTheAppChoseAreShownNotSent(): void
    {
        $lines = (new EffectSummary())->lines([['kind' => 'log', 'level' => 'info', 'message' => "\033[2Jcleared", 'channel' => 'x']]);

        self::assertStringNotContainsString("\033", implode("\n", $lines));
    }
}
