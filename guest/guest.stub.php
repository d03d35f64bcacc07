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
}
