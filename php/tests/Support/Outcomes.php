<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Support;

use AltairEval\Frontend\Runtime\Outcome;

/**
 * Result contracts shaped like the runner's, for tests that run without it.
 */
final class Outcomes
{
    /**
     * @param array<string, mixed> $overrides
     */
    public function make(array $overrides = []): Outcome
    {
        return Outcome::fromArray($overrides + [
            'ok' => true,
            'result' => ['type' => 'null', 'value' => null],
            'stdout' => '',
            'stderr' => '',
            'exception' => null,
            'duration_ms' => 12,
            'memory_peak_bytes' => 524288,
            'exit_code' => 0,
            'timed_out' => false,
            'signal' => null,
            'limit_exceeded' => null,
            'error' => null,
            'stdout_truncated' => false,
            'stderr_truncated' => false,
            'sandbox' => [
                'disable_functions' => true,
                'open_basedir' => true,
                'rlimits' => true,
                'seccomp' => true,
                'landlock_abi' => 6,
                'netns' => true,
                'ipcns' => true,
                'mountns' => true,
                'eval_blocked' => false,
                'ffi_disabled' => true,
                'result_channel' => true,
                'unavailable' => [],
            ],
        ]);
    }

    /**
     * @param array<string, mixed> $value
     */
    public function returning(array $value): Outcome
    {
        return $this->make(['result' => $value]);
    }

    public function throwing(string $class = 'App\User\UserNotFoundException', string $message = 'No user with email "x".'): Outcome
    {
        return $this->make([
            'ok' => false,
            'result' => null,
            'exit_code' => 1,
            'exception' => [
                'class' => $class,
                'message' => $message,
                'file' => 'src/User/UserRepository.php',
                'line' => 31,
                'code' => 0,
                'stack_trace' => [['file' => 'snippet.php', 'line' => 1, 'function' => 'getByEmail', 'class' => 'App\User\UserRepository', 'type' => '->']],
                'previous' => [],
            ],
        ]);
    }

    public function timedOut(): Outcome
    {
        return $this->make([
            'ok' => false,
            'result' => null,
            'exit_code' => 124,
            'timed_out' => true,
            'signal' => 15,
            'limit_exceeded' => 'time',
            'duration_ms' => 250,
        ]);
    }
}
