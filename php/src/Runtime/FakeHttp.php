<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Runtime;

use AltairEval\Frontend\Cli\UsageError;

/**
 * Answers for the HTTP calls the app's recording clients take in read-only and rollback mode
 * (EvalRequest fakeHttp, docs/api.md "effects"): "[METHOD ]pattern" => "STATUS[:BODY]", the pattern a
 * URL without its scheme with "*" for any characters. `--fake-http 'POST api.stripe.com/*=200:{"id":"ch_1"}'`
 * on the command line, `fake_http: {"POST api.stripe.com/*": "200:{\"id\":\"ch_1\"}"}` over MCP. The
 * extension checks them again (and caps their number and size); this gives the front-ends' messages.
 */
final class FakeHttp
{
    private const PATTERN = '/^(?:[A-Za-z]+ )?[^\s\x00-\x1f\x7f]+$/';
    private const ANSWER = '/^[1-5]\d\d(?::.*)?$/s';

    /**
     * `--fake-http` values: each "PATTERN=STATUS[:BODY]", split at the first "=" that a status follows
     * (a pattern may hold "=" in its query, a body anything).
     *
     * @param list<string> $values
     * @return array<string, string>
     * @throws UsageError
     */
    public static function fromOptions(array $values, string $name = 'fake-http'): array
    {
        $fakes = [];
        foreach ($values as $value) {
            if (preg_match('/^(.+?)=([1-5]\d\d(?::.*)?)$/s', $value, $match) !== 1) {
                throw new UsageError(sprintf('--%s must be \'[METHOD ]host/path*=STATUS[:BODY]\' (a status 100-599), got "%s".', $name, $value));
            }
            $fakes[$match[1]] = $match[2];
        }

        return self::check($fakes, '--' . $name);
    }

    /**
     * @param array<mixed> $fakes
     * @return array<string, string>
     * @throws UsageError
     */
    public static function check(array $fakes, string $name = 'fake_http'): array
    {
        $checked = [];
        foreach ($fakes as $pattern => $answer) {
            if (!is_string($pattern) || preg_match(self::PATTERN, $pattern) !== 1) {
                throw new UsageError(sprintf('%s: "%s" is not a pattern: [METHOD ]host/path, "*" for any characters, no spaces.', $name, (string) $pattern));
            }
            if (!is_string($answer) || preg_match(self::ANSWER, $answer) !== 1) {
                throw new UsageError(sprintf('%s: the answer for "%s" must be "STATUS[:BODY]" (a status 100-599).', $name, $pattern));
            }
            $checked[$pattern] = $answer;
        }

        return $checked;
    }
}
