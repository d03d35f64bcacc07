<?php

/**
 * Functions registered only in the guest role (a child started by Evaluator::evaluate()).
 * @generate-class-entries
 */

namespace {
    /**
     * The project's container, or the entry $id from it.
     */
    function container(?string $id = null): mixed {}
}

namespace Altair\Eval\Guest {
    /**
     * Locks the child down, runs the snippet and reports on the result channel. Runs once.
     */
    function main(): void {}
}
