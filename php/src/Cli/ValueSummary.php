<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

/**
 * One short line for an encoded value (docs/api.md, "Encoded values"): `null`, `int 2`,
 * `string "abc"`, `array(3) [1, 2, 3]`, `object App\User\User #12`; and, for an object, the lines
 * under it that show its properties (details()).
 */
final class ValueSummary
{
    private const STRING_PREVIEW_CHARS = 60;
    private const PREVIEW_CHARS = 72;
    /** The most lines details() gives, before the one that says how many more there are. */
    public const DETAIL_LINES = 30;

    /**
     * @param array<mixed> $encoded
     */
    public function summarize(array $encoded): string
    {
        $type = $this->text($encoded, 'type');

        return match ($type) {
            'null' => 'null',
            'bool' => 'bool ' . (($encoded['value'] ?? false) === true ? 'true' : 'false'),
            'int', 'float' => $type . ' ' . $this->scalar($encoded['value'] ?? null),
            'string' => $this->stringSummary($encoded),
            'array' => $this->arraySummary($encoded),
            'object' => trim(sprintf('object %s %s', $this->text($encoded, 'class'), $this->id($encoded))),
            'enum' => sprintf('enum %s::%s', $this->text($encoded, 'class'), $this->text($encoded, 'case')),
            'closure' => $this->closureSummary($encoded),
            'resource' => trim(sprintf('resource(%s) %s', $this->text($encoded, 'value'), $this->id($encoded))),
            'iterable' => $this->iterableSummary($encoded),
            'reference' => trim(sprintf('reference %s %s', $this->text($encoded, 'class'), $this->id($encoded))),
            '' => 'unknown value',
            default => $type . $this->errorSuffix($encoded),
        };
    }

    /**
     * The lines under an object's summary line: each property as `name: <summary>`, indented; a
     * property that is a map (an Eloquent model's `attributes`, say) gets a line per entry, one
     * level deeper. At most DETAIL_LINES, then one that says how many more `--format=json` shows.
     * Nothing for any other value: its summary line says what it holds.
     *
     * @param array<mixed> $encoded
     * @return list<string>
     */
    public function details(array $encoded): array
    {
        if ($this->text($encoded, 'type') !== 'object' || !is_array($encoded['properties'] ?? null)) {
            return [];
        }
        $lines = [];
        $this->entries($encoded['properties'], $this->omitted($encoded, count($encoded['properties'])), '  ', true, $lines);
        if (count($lines) > self::DETAIL_LINES) {
            $more = count($lines) - self::DETAIL_LINES;
            $lines = array_slice($lines, 0, self::DETAIL_LINES);
            $lines[] = sprintf('  … %d more line%s (--format=json shows them)', $more, $more === 1 ? '' : 's');
        }

        return $lines;
    }

    /**
     * @param array<mixed> $entries
     * @param list<string> $lines
     */
    private function entries(array $entries, int $omitted, string $indent, bool $expandMaps, array &$lines): void
    {
        foreach ($entries as $name => $value) {
            $value = is_array($value) ? $value : [];
            $items = $value['value'] ?? null;
            if ($expandMaps && is_array($items) && $items !== [] && $this->text($value, 'type') === 'array'
                && ($value['is_list'] ?? true) !== true) {
                $lines[] = sprintf('%s%s: array(%d)', $indent, $name, is_int($value['count'] ?? null) ? $value['count'] : count($items));
                $this->entries($items, $this->omitted($value, count($items)), $indent . '  ', false, $lines);
                continue;
            }
            $lines[] = sprintf('%s%s: %s', $indent, $name, $this->summarize($value));
        }
        if ($omitted > 0) {
            $lines[] = sprintf('%s… %d more not encoded', $indent, $omitted);
        }
    }

    /**
     * How many of a container's entries the encoder left out: past its caps (an array's count) or
     * its byte budget (omitted).
     *
     * @param array<mixed> $encoded
     */
    private function omitted(array $encoded, int $shown): int
    {
        $omitted = is_int($encoded['omitted'] ?? null) ? $encoded['omitted'] : 0;
        $count = is_int($encoded['count'] ?? null) ? $encoded['count'] : 0;

        return max($omitted, $count - $shown);
    }

    /**
     * The inline form used inside an array preview.
     */
    private function inline(mixed $encoded): string
    {
        if (!is_array($encoded)) {
            return '?';
        }
        $type = $this->text($encoded, 'type');

        return match ($type) {
            'null' => 'null',
            'bool' => ($encoded['value'] ?? false) === true ? 'true' : 'false',
            'int', 'float' => $this->scalar($encoded['value'] ?? null),
            'string' => $this->quote($this->text($encoded, 'value')),
            'array' => sprintf('array(%d)', is_int($encoded['count'] ?? null) ? $encoded['count'] : 0),
            'object', 'reference' => $this->text($encoded, 'class'),
            'enum' => sprintf('%s::%s', $this->text($encoded, 'class'), $this->text($encoded, 'case')),
            default => $type,
        };
    }

    /** @param array<mixed> $encoded */
    private function stringSummary(array $encoded): string
    {
        $value = $this->text($encoded, 'value');
        $summary = 'string ' . $this->quote($value);
        if (($encoded['truncated'] ?? false) === true && is_int($encoded['length'] ?? null)) {
            $summary .= sprintf(' (%d bytes)', $encoded['length']);
        }

        return $summary;
    }

    /** @param array<mixed> $encoded */
    private function arraySummary(array $encoded): string
    {
        $count = is_int($encoded['count'] ?? null) ? $encoded['count'] : 0;
        $isList = ($encoded['is_list'] ?? true) === true;
        $items = is_array($encoded['value'] ?? null) ? $encoded['value'] : [];
        $parts = [];
        $length = 0;
        $complete = true;
        foreach ($items as $key => $item) {
            $part = $isList ? $this->inline($item) : sprintf('%s: %s', is_int($key) ? $key : $this->quote((string) $key), $this->inline($item));
            $length += strlen($part) + 2;
            if ($length > self::PREVIEW_CHARS) {
                $complete = false;
                break;
            }
            $parts[] = $part;
        }
        if (count($parts) < $count) {
            $complete = false;
        }
        $body = implode(', ', $parts) . ($complete ? '' : ($parts === [] ? '...' : ', ...'));

        return sprintf($isList ? 'array(%d) [%s]' : 'array(%d) {%s}', $count, $body);
    }

    /** @param array<mixed> $encoded */
    private function closureSummary(array $encoded): string
    {
        foreach (['name', 'function'] as $key) {
            $name = $this->text($encoded, $key);
            if ($name !== '') {
                return 'closure ' . $name;
            }
        }

        return 'closure';
    }

    /** @param array<mixed> $encoded */
    private function iterableSummary(array $encoded): string
    {
        $preview = is_array($encoded['preview'] ?? null) ? $encoded['preview'] : [];
        $summary = sprintf('iterable %s (%d previewed', $this->text($encoded, 'class'), count($preview));
        if (($encoded['exhausted'] ?? false) === true) {
            $summary .= ', exhausted';
        }

        return $summary . ')';
    }

    /** @param array<mixed> $encoded */
    private function errorSuffix(array $encoded): string
    {
        $message = $this->text($encoded, 'message');

        return $message === '' ? '' : ' (' . $message . ')';
    }

    /** @param array<mixed> $encoded */
    private function id(array $encoded): string
    {
        return is_int($encoded['id'] ?? null) ? '#' . $encoded['id'] : '';
    }

    private function scalar(mixed $value): string
    {
        if (is_float($value)) {
            $text = (string) $value;

            return is_finite($value) && !str_contains($text, '.') && !str_contains($text, 'E') ? $text . '.0' : $text;
        }

        return is_int($value) || is_string($value) ? (string) $value : '?';
    }

    /** @param array<mixed> $encoded */
    private function text(array $encoded, string $key): string
    {
        $value = $encoded[$key] ?? '';

        return is_string($value) || is_int($value) ? (string) $value : '';
    }

    private function quote(string $value): string
    {
        $cut = mb_strlen($value, 'UTF-8') > self::STRING_PREVIEW_CHARS;
        if ($cut) {
            $value = mb_substr($value, 0, self::STRING_PREVIEW_CHARS, 'UTF-8');
        }
        $escaped = addcslashes($value, "\"\\\n\r\t\0");

        return '"' . $escaped . ($cut ? '..."' : '"');
    }
}
