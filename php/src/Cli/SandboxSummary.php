<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

/**
 * One line saying which guards held for a run and which did not, from the result's `sandbox`:
 * `sandbox: disable_functions open_basedir rlimits seccomp landlock(abi 6) netns ipcns private-view
 * ffi-disabled result-channel`, then `missing: …` for guards that were not applied.
 * Unknown or absent keys are tolerated: the line only reports what the runner reported.
 */
final class SandboxSummary
{
    /** Reported guard keys and the word shown for each, in display order. */
    private const GUARDS = [
        'disable_functions' => 'disable_functions',
        'open_basedir' => 'open_basedir',
        'rlimits' => 'rlimits',
        'seccomp' => 'seccomp',
        'landlock_abi' => 'landlock',
        'netns' => 'netns',
        'ipcns' => 'ipcns',
        'mountns' => 'private-view',
        'ffi_disabled' => 'ffi-disabled',
        'result_channel' => 'result-channel',
    ];

    /**
     * @param array<string, mixed> $sandbox
     */
    public function summarize(array $sandbox, bool $unsafe = false): string
    {
        if ($unsafe || ($sandbox['unsafe'] ?? false) === true) {
            return 'sandbox: OFF (--unsafe: no guard was applied)';
        }
        if ($sandbox === []) {
            return 'sandbox: not reported';
        }
        $held = [];
        $missing = [];
        foreach (self::GUARDS as $key => $word) {
            if (!array_key_exists($key, $sandbox)) {
                continue;
            }
            $value = $sandbox[$key];
            if ($key === 'landlock_abi') {
                if (is_int($value) && $value > 0) {
                    $held[] = sprintf('landlock(abi %d)', $value);
                } else {
                    $missing[] = $word;
                }
                continue;
            }
            if ($this->held($value)) {
                $held[] = $word;
            } else {
                $missing[] = $word;
            }
        }
        if (($sandbox['project_overlay'] ?? false) === true) {
            $held[] = 'rollback-overlay'; // --writes=rollback: the project's writes went to a copy, dropped at the end
        }
        $unavailable = $sandbox['unavailable'] ?? [];
        if (is_array($unavailable)) {
            foreach ($unavailable as $item) {
                if (is_string($item) && $item !== '' && !in_array($item, $missing, true)) {
                    $missing[] = $item;
                }
            }
        }

        $line = 'sandbox: ' . ($held === [] ? 'no guard held' : implode(' ', $held));
        if ($missing !== []) {
            $line .= '; missing: ' . implode(', ', $missing);
        }

        return $line;
    }

    private function held(mixed $value): bool
    {
        return match (true) {
            is_bool($value) => $value,
            is_int($value) => $value > 0,
            is_string($value) => $value !== '',
            is_array($value) => $value !== [],
            default => false,
        };
    }
}
