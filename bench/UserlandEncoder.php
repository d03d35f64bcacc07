<?php
/*
 * The same encoding rules as the native ValueEncoder, in plain PHP: what a userland evaluator
 * would have to run. Used only by bench/encoder.php, as the baseline.
 */
declare(strict_types=1);

final class UserlandEncoder
{
    private const MAX_DEPTH = 3;
    private const MAX_WIDTH = 100;
    private const STRING_MAX = 10000;
    private const ITERABLE_PREVIEW = 50;

    /** @var array<int, true> object ids on the current path */
    private array $path = [];

    public static function encode(mixed $value): array
    {
        return (new self())->node($value, 0);
    }

    private function node(mixed $value, int $depth): array
    {
        return match (true) {
            $value === null => ['type' => 'null', 'value' => null],
            is_bool($value) => ['type' => 'bool', 'value' => $value],
            is_int($value) => ['type' => 'int', 'value' => $value],
            is_float($value) => ['type' => 'float', 'value' => is_nan($value) ? 'NaN' : (is_infinite($value) ? ($value > 0 ? 'Infinity' : '-Infinity') : $value)],
            is_string($value) => $this->string($value),
            is_array($value) => $this->array($value, $depth),
            is_resource($value) || gettype($value) === 'resource (closed)' => ['type' => 'resource', 'value' => get_resource_type($value), 'id' => get_resource_id($value)],
            $value instanceof \UnitEnum => ['type' => 'enum', 'class' => $value::class, 'case' => $value->name] + ($value instanceof \BackedEnum ? ['value' => $value->value] : []),
            $value instanceof \Closure => ['type' => 'closure', 'class' => 'Closure', 'id' => spl_object_id($value)],
            is_object($value) => $this->object($value, $depth),
            default => ['type' => 'unknown', 'value' => null],
        };
    }

    private function string(string $value): array
    {
        $node = ['type' => 'string'];
        $kept = $value;
        if (strlen($value) > self::STRING_MAX) {
            $kept = mb_strcut($value, 0, self::STRING_MAX, 'UTF-8');
        }
        if (mb_check_encoding($kept, 'UTF-8')) {
            $node['value'] = $kept;
        } else {
            $node['value'] = mb_scrub($kept, 'UTF-8');
            $node['invalid_utf8'] = true;
            $node['base64'] = base64_encode($kept);
        }
        if (strlen($kept) < strlen($value)) {
            $node['length'] = strlen($value);
            $node['truncated'] = true;
        }
        return $node;
    }

    private function array(array $value, int $depth): array
    {
        $node = ['type' => 'array', 'is_list' => array_is_list($value), 'count' => count($value)];
        if ($depth >= self::MAX_DEPTH) {
            if ($value !== []) {
                $node['truncated'] = true;
            }
            return $node;
        }
        $items = [];
        $seen = 0;
        foreach ($value as $key => $item) {
            if ($seen++ === self::MAX_WIDTH) {
                $node['truncated'] = true;
                break;
            }
            $items[is_string($key) ? mb_scrub($key, 'UTF-8') : $key] = $this->node($item, $depth + 1);
        }
        $node['value'] = $node['is_list'] ? array_values($items) : $items;
        return $node;
    }

    private function object(object $value, int $depth): array
    {
        $id = spl_object_id($value);
        if (isset($this->path[$id])) {
            return ['type' => 'reference', 'class' => $value::class, 'id' => $id];
        }
        $iterable = $value instanceof \Traversable;
        $node = ['type' => $iterable ? 'iterable' : 'object', 'class' => $value::class, 'id' => $id];
        if ($depth >= self::MAX_DEPTH) {
            return $node + ['truncated' => true];
        }
        $this->path[$id] = true;
        try {
            return $iterable ? $this->iterable($value, $node, $depth) : $this->properties($value, $node, $depth);
        } finally {
            unset($this->path[$id]);
        }
    }

    private function properties(object $value, array $node, int $depth): array
    {
        try {
            $properties = method_exists($value, '__debugInfo') ? $value->__debugInfo() : get_object_vars($value);
        } catch (\Throwable $e) {
            return $node + ['error' => ['class' => $e::class, 'message' => $e->getMessage()]];
        }
        $items = [];
        $seen = 0;
        foreach ($properties as $name => $item) {
            if ($seen++ === self::MAX_WIDTH) {
                $node['count'] = count($properties);
                $node['truncated'] = true;
                break;
            }
            $items[$name] = $this->node($item, $depth + 1);
        }
        return $node + ['properties' => $items];
    }

    private function iterable(\Traversable $value, array $node, int $depth): array
    {
        if ($value instanceof \Countable) {
            try {
                $node['size_hint'] = count($value);
            } catch (\Throwable $e) {
                $node['error'] = ['class' => $e::class, 'message' => $e->getMessage()];
            }
        }
        $preview = [];
        $exhausted = true;
        try {
            foreach ($value as $key => $item) {
                if (count($preview) === self::ITERABLE_PREVIEW) {
                    $exhausted = false;
                    break;
                }
                $preview[] = ['key' => $this->node($key, $depth + 1), 'value' => $this->node($item, $depth + 1)];
            }
        } catch (\Throwable $e) {
            $exhausted = false;
            $node['error'] = ['class' => $e::class, 'message' => $e->getMessage()];
        }
        return $node + ['preview' => $preview, 'exhausted' => $exhausted];
    }
}
