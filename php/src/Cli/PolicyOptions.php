<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use AltairEval\Frontend\Runtime\EvalCall;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputOption;

/**
 * The policy switches, spelled the same in `eval`, `mcp` and `serve`: univeros's --writes / --network
 * and this project's --allow-writes / --allow-network name the same thing (issue 13 point 6), so an
 * agent's habit from one command, or from univeros, works in the other. --writes takes an optional
 * value: `--writes=rollback` lets the databases' writes run and undoes them when the evaluation ends
 * (docs/databases.md); the project tree stays read-only then.
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
                $command->addOption(
                    $name,
                    null,
                    $policy === 'writes' ? InputOption::VALUE_OPTIONAL : InputOption::VALUE_NONE,
                    $index === 0 ? $descriptions[$policy] : sprintf('The same as --%s', $names[0]),
                    $policy === 'writes' ? false : null,
                );
            }
        }
    }

    /**
     * --writes: false (absent), true (given without a value) or EvalCall::WRITES_ROLLBACK.
     *
     * @param list<string>|null $names the command's spellings of it (default: --writes, --allow-writes)
     * @return bool|'rollback'
     * @throws UsageError for any other value, or both true and rollback
     */
    public static function writes(OptionReader $options, ?array $names = null): bool|string
    {
        return self::writesAndSnippet($options, null, false, $names)[0];
    }

    /**
     * `eval`'s --writes and its snippet argument. An option whose value is optional takes the next
     * word as its value (Symfony Console does; the lean path does the same), so in
     * `eval --writes 'return 1;'` the snippet arrives as the value of --writes: with no argument
     * besides, it is the snippet, as it was before --writes took a value.
     *
     * @param list<string>|null $names
     * @return array{bool|'rollback', ?string}
     * @throws UsageError
     */
    public static function writesAndSnippet(OptionReader $options, ?string $argument, bool $takesSnippet = false, ?array $names = null): array
    {
        $modes = [];
        foreach ($names ?? self::SPELLINGS['writes'] as $name) {
            $value = $options->optional($name);
            if ($value === false) {
                continue;
            }
            if ($value === null) {
                $modes[] = true;
            } elseif ($value === EvalCall::WRITES_ROLLBACK) {
                $modes[] = EvalCall::WRITES_ROLLBACK;
            } elseif ($takesSnippet && $argument === null) {
                $modes[] = true;
                $argument = $value;
            } else {
                throw new UsageError(sprintf('--%s takes no value (the writes are kept) or =rollback (they run and are undone at the end), got "%s".', $name, $value));
            }
        }
        if (in_array(true, $modes, true) && in_array(EvalCall::WRITES_ROLLBACK, $modes, true)) {
            throw new UsageError('--writes and --writes=rollback contradict each other: give one.');
        }

        return [$modes[0] ?? false, $argument];
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
