<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

/**
 * One short line for an encoded value (docs/api.md, "Encoded values"): `null`, `int 2`,
 * `string "abc"`, `array(3) [1, 2, 3]`, `object App\User\User #12`; and, for an object or a list of
 * objects, the lines under it that show what it holds (details()).
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
     * The lines under a value's summary line, indented: an object's properties as `name: <summary>`,
     * a map among them (an Eloquent model's `attributes`, say) one entry per line one level deeper,
     * and a list of objects among them (a collection's `items`) one object per line with its first
     * fields; a list of objects at the top (`DB::select()`'s rows) one object per line. At most
     * DETAIL_LINES, then one that says how many more `--format=json` shows. Nothing for any other
     * value: its summary line says what it holds.
     *
     * @param array<mixed> $encoded
     * @return list<string>
     */
    public function details(array $encoded): array
    {
        $lines = [];
        if ($this->text($encoded, 'type') === 'object' && is_array($encoded['properties'] ?? null)) {
            $this->entries($encoded['properties'], $this->omitted($encoded, count($encoded['properties'])), '  ', true, $lines);
        } elseif ($this->isListOfObjects($encoded) && is_array($encoded['value'])) {
            $this->rows($encoded['value'], $this->omitted($encoded, count($encoded['value'])), '  ', $lines);
        }
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
    private function entries(array $entries, int $omitted, string $indent, bool $expand, array &$lines): void
    {
        foreach ($entries as $name => $value) {
            $value = is_array($value) ? $value : [];
            $items = $value['value'] ?? null;
            if ($expand && is_array($items) && $items !== [] && $this->text($value, 'type') === 'array') {
                $map = ($value['is_list'] ?? true) !== true;
                if ($map || $this->isListOfObjects($value)) {
                    $lines[] = sprintf('%s%s: array(%d)', $indent, $name, is_int($value['count'] ?? null) ? $value['count'] : count($items));
                    $map ? $this->entries($items, $this->omitted($value, count($items)), $indent . '  ', false, $lines)
                        : $this->rows($items, $this->omitted($value, count($items)), $indent . '  ', $lines);
                    continue;
                }
            }
            $lines[] = sprintf('%s%s: %s', $indent, $name, $this->summarize($value));
        }
        if ($omitted > 0) {
            $lines[] = sprintf('%s… %d more not encoded', $indent, $omitted);
        }
    }

    /**
     * A list's elements one per line: an object with its first fields (an Eloquent model's
     * attributes, else its properties), anything else by its summary.
     *
     * @param array<mixed> $items
     * @param list<string> $lines
     */
    private function rows(array $items, int $omitted, string $indent, array &$lines): void
    {
        foreach ($items as $index => $item) {
            $item = is_array($item) ? $item : [];
            $fields = $item['properties'] ?? null;
            if (($item['caster'] ?? null) === 'eloquent.model' && is_array($fields) && is_array($fields['attributes'] ?? null)) {
                $fields = $fields['attributes']['value'] ?? null;
            }
            $line = sprintf('%s%s: %s', $indent, $index, $this->summarize($item));
            if ($this->text($item, 'type') === 'object' && is_array($fields) && $fields !== []) {
                $line .= ' ' . $this->preview($fields, false, count($fields));
            }
            $lines[] = $line;
        }
        if ($omitted > 0) {
            $lines[] = sprintf('%s… %d more not encoded', $indent, $omitted);
        }
    }

    /** @param array<mixed> $encoded */
    private function isListOfObjects(array $encoded): bool
    {
        if ($this->text($encoded, 'type') !== 'array' || ($encoded['is_list'] ?? true) !== true || !is_array($encoded['value'] ?? null)) {
            return false;
        }
        foreach ($encoded['value'] as $item) {
            if (is_array($item) && $this->text($item, 'type') === 'object') {
                return true;
            }
        }

        return false;
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

        return sprintf('array(%d) %s', $count, $this->preview($items, $isList, $count));
    }

    /**
     * `[1, 2, ...]` or `{"a": 1, ...}`: the first elements, as far as PREVIEW_CHARS go.
     *
     * @param array<mixed> $items
     */
    private function preview(array $items, bool $isList, int $count): string
    {
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

        return sprintf($isList ? '[%s]' : '{%s}', $body);
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
