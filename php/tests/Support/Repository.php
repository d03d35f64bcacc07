<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Support;

/**
 * Paths of the checkout the tests run in.
 */
final class Repository
{
    public function root(): string
    {
        return dirname(__DIR__, 3);
    }

    public function altair(): string
    {
        return $this->root() . '/bin/altair';
    }

    /** The PHP entry behind the launcher, for `php bin/altair.php`. */
    public function entry(): string
    {
        return $this->root() . '/bin/altair.php';
    }

    public function module(): string
    {
        return $this->root() . '/modules/altair_eval.so';
    }

    public function exampleApp(): string
    {
        return $this->root() . '/examples/app';
    }

    public function temporaryDirectory(): string
    {
        $path = sys_get_temp_dir() . '/altair-test-' . bin2hex(random_bytes(6));
        mkdir($path, 0777, true);

        return (string) realpath($path);
    }

    public function remove(string $path): void
    {
        if (!file_exists($path)) {
            return;
        }
        $items = new \RecursiveIteratorIterator(
            new \RecursiveDirectoryIterator($path, \FilesystemIterator::SKIP_DOTS),
            \RecursiveIteratorIterator::CHILD_FIRST,
        );
        foreach ($items as $item) {
            if ($item instanceof \SplFileInfo) {
                $item->isDir() && !$item->isLink() ? rmdir($item->getPathname()) : unlink($item->getPathname());
            }
        }
        rmdir($path);
    }
}
