<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputOption;

/**
 * The policy switches, spelled the same in `eval` and `mcp`: univeros's --writes / --network and
 * this project's --allow-writes / --allow-network name the same thing (issue 13 point 6), so an
 * agent's habit from one command, or from univeros, works in the other.
 */
final class PolicyOptions
{
    /** @var array<string, list<string>> policy => its spellings, the first one documented in the usage line */
    private const SPELLINGS = [
        'writes' => ['writes', 'allow-writes'],
        'network' => ['network', 'allow-network'],
    ];

    /** @param array{writes: string, network: string} $descriptions */
    public static function add(Command $command, array $descriptions): void
    {
        foreach (self::SPELLINGS as $policy => $names) {
            foreach ($names as $index => $name) {
                $command->addOption($name, null, InputOption::VALUE_NONE, $index === 0
                    ? $descriptions[$policy]
                    : sprintf('The same as --%s', $names[0]));
            }
        }
    }

    public static function writes(OptionReader $options): bool
    {
        return self::any($options, self::SPELLINGS['writes']);
    }

    public static function network(OptionReader $options): bool
    {
        return self::any($options, self::SPELLINGS['network']);
    }

    /** @param list<string> $names */
    private static function any(OptionReader $options, array $names): bool
    {
        foreach ($names as $name) {
            if ($options->flag($name)) {
                return true;
            }
        }

        return false;
    }
}
