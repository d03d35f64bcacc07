<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Runtime;

/**
 * Masks what looks like a secret in one entry of the result's `queries` (docs/api.md, "queries") before
 * a person or the audit log sees it: a bound parameter or a string literal that goes into a column
 * or compares with one whose name says secret (`password`, `remember_token`, `api_key` …), a value
 * shaped like a password hash, and in Redis the value after a key or field named so. The relay
 * already masks what the protocol itself marks secret (Redis `AUTH`, a PostgreSQL password message).
 * The JSON contract keeps the values: the caller asked for them, and `--format=json` is for programs.
 *
 * Reading SQL here is a heuristic over tokens (INSERT column lists, `column <op> value`), not a
 * parser: what it cannot place stays as it is. docs/databases.md says so.
 */
final class QueryMask
{
    public const MASK = '***';
    private const SECRET_NAME = '/pass(?:word|wd|phrase)?|secret|token|api_?key|private_?key|credential|salt|otp|^auth/i';
    private const HASH_SHAPE = '/^\$(?:2[abxy]|argon2i?d?|scrypt|pbkdf2[\w-]*|[156])\$/';
    private const OPERATORS = ['=', '==', '<>', '!=', '<', '>', '<=', '>=', '<=>', 'like', 'ilike', 'in', 'is'];

    /**
     * @param array<string, mixed> $query one entry of `queries`
     * @param string|null          $protocol its database's protocol (sandbox.databases[database].protocol)
     * @return array<string, mixed> the entry with secrets replaced by MASK
     */
    public function mask(array $query, ?string $protocol = null): array
    {
        $text = is_string($query['text'] ?? null) ? $query['text'] : null;
        $params = is_array($query['params'] ?? null) ? array_values($query['params']) : null;
        if ($text === null) {
            return $query;
        }
        if ($protocol === 'redis') {
            $query['text'] = $this->redis($text);

            return $query;
        }
        [$query['text'], $secretParams] = $this->sql($text);
        if ($params !== null) {
            foreach ($params as $index => $value) {
                if (in_array($index, $secretParams, true) || (is_string($value) && preg_match(self::HASH_SHAPE, $value) === 1)) {
                    $params[$index] = self::MASK;
                }
            }
            $query['params'] = $params;
        }

        return $query;
    }

    /**
     * Every entry of `queries`, masked, each by its own database's protocol.
     *
     * @param list<array<string, mixed>> $queries
     * @param array<string, mixed>       $sandbox the result's sandbox (its `databases`)
     * @return list<array<string, mixed>>
     */
    public function maskAll(array $queries, array $sandbox): array
    {
        return array_map(fn (array $query): array => $this->mask($query, self::protocolOf($query, $sandbox)), $queries);
    }

    /**
     * The protocol of the database an entry of `queries` ran on (sandbox.databases[database]), or null.
     *
     * @param array<string, mixed> $query
     * @param array<string, mixed> $sandbox
     */
    public static function protocolOf(array $query, array $sandbox): ?string
    {
        $databases = is_array($sandbox['databases'] ?? null) ? array_values($sandbox['databases']) : [];
        $database = is_int($query['database'] ?? null) ? $databases[$query['database']] ?? null : null;

        return is_array($database) && is_string($database['protocol'] ?? null) ? $database['protocol'] : null;
    }

    /** Redis: the argument after one whose name says secret (`HSET user:1 password x`, `SET api_token x`). */
    private function redis(string $text): string
    {
        $words = explode(' ', $text);
        for ($i = 1, $count = count($words); $i < $count - 1; $i++) {
            if (preg_match(self::SECRET_NAME, $words[$i]) === 1) {
                $words[$i + 1] = self::MASK;
                $i++;
            }
        }

        return implode(' ', $words);
    }

    /**
     * @return array{string, list<int>} the text with secret literals masked, and the indexes (from 0)
     *                                  of the bound parameters that are secret
     */
    private function sql(string $text): array
    {
        $tokens = $this->tokens($text);
        $secret = []; // token index => true
        $this->insertColumns($tokens, $secret);
        foreach ($tokens as $k => $token) {
            if (($token['kind'] === 'value') && $this->comparedWithSecret($tokens, $k)) {
                $secret[$k] = true;
            }
        }
        $out = '';
        $params = [];
        $ordinal = 0;
        foreach ($tokens as $k => $token) {
            $isSecret = isset($secret[$k]);
            $out .= $token['lead'];
            if ($token['kind'] === 'value' && $token['placeholder'] !== null) {
                $index = $token['placeholder'] === '?' ? $ordinal++ : (int) substr($token['placeholder'], 1) - 1;
                if ($isSecret && $index >= 0) {
                    $params[] = $index;
                }
                $out .= $token['text'];
            } elseif ($token['kind'] === 'value' && $isSecret) {
                $out .= "'" . self::MASK . "'";
            } else {
                $out .= $token['text'];
            }
        }

        return [$out, $params];
    }

    /**
     * @param list<array{kind: string, lead: string, text: string, word: string, placeholder: ?string}> $tokens
     * @param array<int, true>                                                        $secret
     */
    private function insertColumns(array $tokens, array &$secret): void
    {
        $count = count($tokens);
        for ($k = 0; $k < $count; $k++) {
            if (!in_array($tokens[$k]['word'], ['insert', 'replace'], true)) {
                continue;
            }
            // the first "(" after INSERT … INTO name: the column list, then VALUES (…), (…)
            $columns = [];
            for ($j = $k + 1; $j < $count && $tokens[$j]['text'] !== '(' && $tokens[$j]['word'] !== 'values'; $j++) {
            }
            if ($j >= $count || $tokens[$j]['text'] !== '(') {
                continue;
            }
            for ($j++; $j < $count && $tokens[$j]['text'] !== ')'; $j++) {
                if ($tokens[$j]['kind'] === 'name') {
                    $columns[] = $tokens[$j]['word'];
                }
            }
            for (; $j < $count && $tokens[$j]['word'] !== 'values' && $tokens[$j]['word'] !== 'value'; $j++) {
            }
            $depth = 0;
            $position = 0;
            for ($j++; $j < $count; $j++) {
                $text = $tokens[$j]['text'];
                if ($text === '(') {
                    $depth++;
                    if ($depth === 1) {
                        $position = 0;
                    }
                } elseif ($text === ')') {
                    $depth--;
                } elseif ($text === ',' && $depth === 1) {
                    $position++;
                } elseif ($depth === 0 && $text !== ',') {
                    break;
                } elseif ($tokens[$j]['kind'] === 'value' && $depth === 1
                    && preg_match(self::SECRET_NAME, $columns[$position] ?? '') === 1) {
                    $secret[$j] = true;
                }
            }
        }
    }

    /**
     * Whether the value at $k is on the right of `name <op>` (or in `name IN (…, …)`, or `SET name =`)
     * with a secret-looking name.
     *
     * @param list<array{kind: string, lead: string, text: string, word: string, placeholder: ?string}> $tokens
     */
    private function comparedWithSecret(array $tokens, int $k): bool
    {
        // `'x' = password`: the value on the left of the operator, the name on its right
        $operator = $tokens[$k + 1] ?? null;
        $name = $tokens[$k + 2] ?? null;
        if ($operator !== null && $name !== null && $name['kind'] === 'name' && preg_match(self::SECRET_NAME, $name['word']) === 1
            && in_array($operator['word'] !== '' ? $operator['word'] : $operator['text'], self::OPERATORS, true)) {
            return true;
        }
        $j = $k - 1;
        while ($j >= 0 && ($tokens[$j]['text'] === ',' || $tokens[$j]['kind'] === 'value')) { // … IN (a, b, ?)
            $j--;
        }
        if ($j >= 0 && $tokens[$j]['text'] === '(') {
            $j--;
        }
        if ($j >= 1 && $tokens[$j]['word'] === 'not') {
            $j--;
        }
        if ($j < 1 || !in_array($tokens[$j]['word'] !== '' ? $tokens[$j]['word'] : $tokens[$j]['text'], self::OPERATORS, true)) {
            return false;
        }
        $name = $tokens[$j - 1];

        return $name['kind'] === 'name' && preg_match(self::SECRET_NAME, $name['word']) === 1;
    }

    /**
     * Names, values (string and number literals, placeholders), operators and punctuation, each with
     * the spacing before it (lead), so that joining lead and text gives the input back.
     *
     * @return list<array{kind: string, lead: string, text: string, word: string, placeholder: ?string}>
     */
    private function tokens(string $sql): array
    {
        // A string with its prefix (PostgreSQL's E'', U&'', B'', X''; MySQL's N'', X'', _charset''),
        // and PostgreSQL's dollar quotes, are one value: masked whole.
        $pattern = '/\G(\s*)(?:'
            . "(?<string>(?:[EeNnBbXx]|[Uu]&|_[A-Za-z0-9]+)?'(?:[^'\\\\]|''|\\\\.)*'?)"
            . '|(?<dollar>\$(?<tag>(?:[A-Za-z_]\w*)?)\$.*?\$\k<tag>\$)'
            . '|(?<quoted>"(?:[^"]|"")*"?|`(?:[^`]|``)*`?)'
            . '|(?<placeholder>\?|\$\d+|:[A-Za-z_]\w*)'
            . '|(?<number>\d+(?:\.\d+)?)'
            . '|(?<word>[A-Za-z_][\w$]*)'
            . '|(?<operator><=>|<>|!=|<=|>=|==|[=<>])'
            . '|(?<other>.))/su';
        $tokens = [];
        $offset = 0;
        $length = strlen($sql);
        while ($offset < $length && preg_match($pattern, $sql, $m, 0, $offset) === 1) {
            $offset += strlen($m[0]);
            $token = ['kind' => 'other', 'lead' => '', 'text' => '', 'word' => '', 'placeholder' => null];
            if (($m['string'] ?? '') !== '' || ($m['dollar'] ?? '') !== '' || ($m['number'] ?? '') !== '') {
                $token['kind'] = 'value';
            } elseif (($m['placeholder'] ?? '') !== '') {
                $token['kind'] = 'value';
                $token['placeholder'] = $m['placeholder'][0] === ':' ? '?' : $m['placeholder'];
            } elseif (($m['quoted'] ?? '') !== '') {
                $token['kind'] = 'name';
                $token['word'] = strtolower(trim($m['quoted'], '"`'));
            } elseif (($m['word'] ?? '') !== '') {
                $token['kind'] = 'name';
                $token['word'] = strtolower($m['word']);
            }
            $token['lead'] = $m[1];
            $token['text'] = substr($m[0], strlen($m[1]));
            $tokens[] = $token;
        }
        if ($offset < $length) {
            $tokens[] = ['kind' => 'other', 'lead' => '', 'text' => substr($sql, $offset), 'word' => '', 'placeholder' => null];
        }

        return $tokens;
    }
}
