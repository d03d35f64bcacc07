<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use AltairEval\Frontend\Runtime\QueryMask;

/**
 * The human form of the result's `queries` and `sandbox.databases` (docs/cli.md, "Human output"):
 *
 *     queries: 3 on pgsql at 127.0.0.1:5432 (rollback)
 *        1.28 ms  insert into users (name, password) values ($1, $2)  ['bob', ***]  → 1 row
 *        0.19 ms  select count(*) from users  → 1 row
 *       12.40 ms  select * from nope  ✗ relation "nope" does not exist
 *
 * one line per statement, durations aligned, at most SHOWN lines then "… N more", secrets masked
 * (QueryMask), pdo_pgsql's DEALLOCATEs counted rather than listed, everything the snippet or the
 * server chose passed through TerminalText.
 */
final class QuerySummary
{
    public const SHOWN = 20;
    /** What pdo_pgsql sends after each prepared statement it is done with: noise in a person's view. */
    private const HOUSEKEEPING = '/^DEALLOCATE pdo_stmt_[0-9a-f]+$/';
    /** Statements whose "0 rows" (MySQL's affected rows of an OK) says nothing. */
    private const SESSION = '/^\s*(set|use|begin|start|commit|rollback|savepoint|release|deallocate|reset|discard)\b/i';
    private const TEXT_MAX = 160;
    private const PARAM_MAX = 40;
    private const PARAMS_SHOWN = 8;

    public function __construct(private readonly QueryMask $mask = new QueryMask())
    {
    }

    /**
     * @param list<array<string, mixed>> $queries
     * @param array<string, mixed>       $sandbox
     * @return list<string> the lines, without newlines; none when nothing ran through the relay
     */
    public function lines(array $queries, array $sandbox): array
    {
        $truncated = false;
        $housekeeping = 0;
        $entries = [];
        foreach ($queries as $query) {
            if (($query['truncated'] ?? false) === true) {
                $truncated = true;
            } elseif (is_string($query['text'] ?? null) && preg_match(self::HOUSEKEEPING, $query['text']) === 1 && !is_string($query['error'] ?? null)) {
                $housekeeping++;
            } else {
                $entries[] = $query;
            }
        }
        if ($entries === [] && !$truncated && $housekeeping === 0) {
            return [];
        }
        $used = array_values(array_unique(array_map(static fn (array $q): int => is_int($q['database'] ?? null) ? $q['database'] : -1, $entries)));
        $lines = [sprintf('queries: %d%s%s', count($entries), $truncated ? '+' : '', $housekeeping > 0
            ? sprintf(' (and %d DEALLOCATE of pdo_pgsql\'s prepared statements, in --format=json)', $housekeeping) : '')];
        $shown = array_slice($entries, 0, self::SHOWN);
        $durations = array_map(static fn (array $q): string => is_int($q['duration_ms'] ?? null) || is_float($q['duration_ms'] ?? null)
            ? sprintf('%.2f ms', $q['duration_ms']) : '? ms', $shown);
        $width = max(array_map('strlen', $durations ?: ['']));
        foreach ($shown as $i => $query) {
            $protocol = QueryMask::protocolOf($query, $sandbox);
            $lines[] = '  ' . str_pad($durations[$i], $width, ' ', STR_PAD_LEFT) . '  '
                . (count($used) > 1 ? sprintf('[%s] ', $protocol ?? '?') : '')
                . $this->statement($this->mask->mask($query, $protocol));
        }
        if (count($entries) > self::SHOWN) {
            $lines[] = sprintf('  … %d more (--format=json lists them all)', count($entries) - self::SHOWN);
        }
        if ($truncated) {
            $lines[] = '  … and more the result did not keep (its cap on queries was reached)';
        }

        return $lines;
    }

    /**
     * `databases: pgsql at 127.0.0.1:5432 (rollback); redis at … (read-only) — its note`: what each
     * declared or discovered database was, as sandbox.databases says; null when there was none.
     *
     * @param array<string, mixed> $sandbox
     */
    public function databasesLine(array $sandbox): ?string
    {
        $databases = is_array($sandbox['databases'] ?? null) ? $sandbox['databases'] : [];
        $parts = [];
        foreach ($databases as $database) {
            if (is_array($database)) {
                $note = is_string($database['note'] ?? null) && $database['note'] !== '' ? ' — ' . TerminalText::escape($database['note']) : '';
                $parts[] = $this->database($database) . $note;
            }
        }

        return $parts === [] ? null : 'databases: ' . implode('; ', $parts);
    }

    private function database(mixed $entry): string
    {
        if (!is_array($entry)) {
            return '?';
        }
        $text = fn (string $key): string => is_string($entry[$key] ?? null) ? $entry[$key] : '?';

        return TerminalText::escape(sprintf('%s at %s (%s)', $text('protocol'), $text('address'), $text('mode')));
    }

    /** @param array<string, mixed> $query a masked entry */
    private function statement(array $query): string
    {
        $line = $this->cut($this->oneLine(is_string($query['text'] ?? null) ? $query['text'] : ''), self::TEXT_MAX);
        $params = is_array($query['params'] ?? null) ? array_values($query['params']) : [];
        if ($params !== []) {
            $shown = array_map(fn (mixed $value): string => $this->param($value), array_slice($params, 0, self::PARAMS_SHOWN));
            if (count($params) > self::PARAMS_SHOWN) {
                $shown[] = sprintf('… %d more', count($params) - self::PARAMS_SHOWN);
            }
            $line .= '  [' . implode(', ', $shown) . ']';
        }
        if (($query['refused'] ?? false) === true) {
            $line .= '  ✗ refused' . (is_string($query['error'] ?? null) ? ': ' . $this->cut($this->oneLine($query['error']), self::TEXT_MAX) : '');
        } elseif (is_string($query['error'] ?? null)) {
            $line .= '  ✗ ' . $this->cut($this->oneLine($query['error']), self::TEXT_MAX);
        } elseif (is_int($query['rows'] ?? null) && ($query['rows'] > 0 || preg_match(self::SESSION, $line) !== 1)) {
            $line .= sprintf('  → %d %s', $query['rows'], $query['rows'] === 1 ? 'row' : 'rows');
        }

        return TerminalText::escape($line);
    }

    private function param(mixed $value): string
    {
        return match (true) {
            $value === null => 'NULL',
            $value === QueryMask::MASK => QueryMask::MASK,
            is_string($value) => "'" . $this->cut($this->oneLine($value), self::PARAM_MAX) . "'",
            is_scalar($value) => var_export($value, true),
            default => $this->cut((string) json_encode($value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE), self::PARAM_MAX),
        };
    }

    private function oneLine(string $text): string
    {
        return trim((string) preg_replace('/\s+/u', ' ', $text) ?: $text);
    }

    /** At most $max characters (UTF-8; bytes when the text is not UTF-8), an ellipsis when cut. */
    private function cut(string $text, int $max): string
    {
        if (strlen($text) <= $max) {
            return $text;
        }
        if (preg_match('/^.{' . ($max - 1) . '}(?=.)/su', $text, $match) === 1) {
            return $match[0] . '…';
        }

        return preg_match('//u', $text) === 1 ? $text : substr($text, 0, $max - 1) . '…';
    }
}
