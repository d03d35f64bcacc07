<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

/**
 * Option values by name, as Symfony's InputInterface gives them (null or false when absent, true for
 * a flag, a string, or a list for a repeatable option): what OptionReader checks, so that the lean
 * `eval` path (LeanEval) reads its options through the same checks without booting the console.
 */
interface OptionValues
{
    public function getOption(string $name): mixed;
}
