<?php

/**
 * Registered only in the guest role (a child started by Evaluator::evaluate()). The child's -r
 * prelude (guest/prelude.c) declares container() and then calls main().
 * @generate-class-entries
 */

namespace Altair\Eval\Guest {
    /**
     * Locks the child down, runs the snippet and reports on the result channel. Runs once.
     */
    function main(): void {}

    /**
     * Compiles and runs $code as if it were the file $file (guest/boot/boot.c: a kernel subclass
     * declared next to the app's kernel, so reflection on it finds the app's directory).
     */
    function compile_as(string $code, string $file): void {}

    /**
     * Records one effect (guest/effects.c): the app's recording transports call it (guest/boot/
     * effects*.c). $fields: scalars or lists of scalars. Does nothing outside read-only and
     * rollback mode, or before the snippet.
     */
    function record_effect(string $kind, array $fields): void {}

    /** Whether effects are being recorded (read-only and rollback mode, from the snippet on). */
    function recording_effects(): bool {}

    /**
     * The request's fake HTTP answers: a list of {method: ?string, pattern: string, status: int,
     * body: string} (EvalRequest fakeHttp).
     * @return list<array{method: ?string, pattern: string, status: int, body: string}>
     */
    function fake_http(): array {}
}
