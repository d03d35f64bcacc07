<?php

declare(strict_types=1);

namespace App;

/**
 * A minimal PSR-11-style container (get/has): each entry is a factory, called once on first get().
 */
final class Container
{
    /** @var array<string, mixed> */
    private array $instances = [];

    /**
     * @param array<string, \Closure(self): mixed> $factories
     */
    public function __construct(private readonly array $factories)
    {
    }

    public function has(string $id): bool
    {
        return isset($this->factories[$id]);
    }

    public function get(string $id): mixed
    {
        if (!array_key_exists($id, $this->instances)) {
            if (!$this->has($id)) {
                throw new ServiceNotFoundException(sprintf('No service "%s" in the container.', $id));
            }
            $this->instances[$id] = ($this->factories[$id])($this);
        }

        return $this->instances[$id];
    }

    /**
     * @return list<string>
     */
    public function ids(): array
    {
        return array_keys($this->factories);
    }
}
