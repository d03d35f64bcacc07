<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

/**
 * The human form of the result's `effects` (docs/cli.md, "Human output"): what the app would have
 * sent, queued, dispatched, called or logged in read-only and rollback mode, recorded instead, and
 * the connections the sandbox refused, one line each, in order:
 *
 *     effects: 5 (recorded, not sent)
 *       log      info  Registering eve@example.com  (single)
 *       http     POST https://api.verifier.example/v1/check → 503 (sandbox's answer)
 *       mail     to eve@example.com  "Welcome, Eve!"  App\Mail\WelcomeMail
 *       job      App\Jobs\SendWelcomeSms  on database, queue sms  (769 bytes)
 *       event    App\Events\UserRegistered → App\Listeners\CountRegistration
 *       blocked  connect 10.0.0.5:443
 *
 * at most SHOWN lines then "… N more"; what looks like a secret masked (a URL's password or a query
 * parameter named so, a value shaped like a password hash in a log line), everything the app chose
 * passed through TerminalText. The JSON keeps the values (but a URL's password, which the guest masks).
 */
final class EffectSummary
{
    public const SHOWN = 20;
    public const MASK = '***';
    private const TEXT_MAX = 160;
    private const KIND_WIDTH = 8;
    private const SECRET_NAME = '/pass(?:word|wd|phrase)?|secret|token|api_?key|private_?key|credential|signature|^sig$|^key$|^auth/i';
    private const HASH_SHAPE = '/\$(?:2[abxy]|argon2i?d?|scrypt|pbkdf2[\w-]*|[156])\$[^\s"\']+/';

    /**
     * @param list<array<string, mixed>> $effects
     * @return list<string> the lines, without newlines; none when nothing was recorded
     */
    public function lines(array $effects): array
    {
        $truncated = false;
        $entries = [];
        foreach ($effects as $effect) {
            if (($effect['truncated'] ?? false) === true) {
                $truncated = true;
            } else {
                $entries[] = $effect;
            }
        }
        if ($entries === [] && !$truncated) {
            return [];
        }
        $blocked = count(array_filter($entries, static fn (array $e): bool => ($e['kind'] ?? null) === 'blocked'));
        $recorded = count($entries) - $blocked;
        $parts = [];
        if ($recorded > 0) {
            $parts[] = 'recorded, not sent';
        }
        if ($blocked > 0) {
            $parts[] = sprintf('%d refused by the sandbox', $blocked);
        }
        $lines = [sprintf('effects: %d%s%s', count($entries), $truncated ? '+' : '', $parts === [] ? '' : ' (' . implode('; ', $parts) . ')')];
        foreach (array_slice($entries, 0, self::SHOWN) as $effect) {
            $kind = is_string($effect['kind'] ?? null) ? $effect['kind'] : '?';
            $lines[] = TerminalText::escape('  ' . str_pad($kind, self::KIND_WIDTH) . ' ' . $this->describe($kind, $effect));
        }
        if (count($entries) > self::SHOWN) {
            $lines[] = sprintf('  … %d more (--format=json lists them all)', count($entries) - self::SHOWN);
        }
        if ($truncated) {
            $lines[] = '  … and more the result did not keep (its cap on effects was reached)';
        }

        return $lines;
    }

    /** @param array<string, mixed> $effect */
    private function describe(string $kind, array $effect): string
    {
        $text = fn (string $key): string => $this->cut($this->oneLine(is_scalar($effect[$key] ?? null) ? (string) $effect[$key] : ''));
        $list = fn (string $key): string => implode(', ', array_map(fn (mixed $v): string => is_scalar($v) ? (string) $v : '?',
            is_array($effect[$key] ?? null) ? $effect[$key] : []));

        return match ($kind) {
            'mail' => trim(sprintf('to %s  "%s"  %s', $list('to') ?: '(nobody)', $text('subject'), $text('mailable'))),
            'job' => sprintf('%s  on %s%s%s', $text('class'), $text('connection') ?: '?', $text('queue') !== '' ? ', queue ' . $text('queue') : '',
                is_int($effect['payload_bytes'] ?? null) ? sprintf('  (%d bytes)', $effect['payload_bytes']) : ''),
            'event' => $text('class') . ($list('listeners') !== '' ? ' → ' . $this->cut($list('listeners')) : ''),
            'broadcast' => sprintf('%s on %s', $text('event'), $list('channels')),
            'notification' => sprintf('%s via %s to %s (cancelled)', $text('class'), $text('channel'), $text('notifiable')),
            'http' => sprintf('%s %s → %s (%s)', $text('method'), $this->url($text('url')), $text('status'),
                ($effect['fake'] ?? false) === true ? '--fake-http answer' : 'the sandbox\'s answer'),
            'log' => sprintf('%s  %s%s', $text('level'), $this->cut($this->maskHashes($this->oneLine(is_string($effect['message'] ?? null) ? $effect['message'] : ''))),
                $text('channel') !== '' ? '  (' . $text('channel') . ')' : ''),
            'blocked' => sprintf('%s %s', $text('call') ?: 'connect', $text('address')),
            'unrecorded' => sprintf('%s: not recorded, %s', $text('transport'), $text('reason')),
            default => $this->cut((string) json_encode(array_diff_key($effect, ['kind' => true]), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE)),
        };
    }

    /** A URL with its password and secret-named query parameters masked. */
    public function url(string $url): string
    {
        $url = (string) preg_replace('~^([a-z][a-z0-9+.-]*://[^/@:?#]*):[^/@?#]*@~i', '$1:' . self::MASK . '@', $url);

        return (string) preg_replace_callback('/([?&])([^=&#]+)=([^&#]*)/', fn (array $m): string => $m[1] . $m[2] . '='
            . (preg_match(self::SECRET_NAME, rawurldecode($m[2])) === 1 ? self::MASK : $m[3]), $url);
    }

    private function maskHashes(string $text): string
    {
        return (string) preg_replace(self::HASH_SHAPE, self::MASK, $text);
    }

    private function oneLine(string $text): string
    {
        return trim((string) preg_replace('/\s+/u', ' ', $text) ?: $text);
    }

    /** At most TEXT_MAX characters (UTF-8; bytes when the text is not UTF-8), an ellipsis when cut. */
    private function cut(string $text): string
    {
        if (strlen($text) <= self::TEXT_MAX) {
            return $text;
        }
        if (preg_match('/^.{' . (self::TEXT_MAX - 1) . '}(?=.)/su', $text, $match) === 1) {
            return $match[0] . '…';
        }

        return preg_match('//u', $text) === 1 ? $text : substr($text, 0, self::TEXT_MAX - 1) . '…';
    }
}
