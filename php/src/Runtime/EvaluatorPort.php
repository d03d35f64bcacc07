<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Runtime;

use Altair\Eval\EvalException;
use AltairEval\Frontend\Cli\UsageError;

/**
 * The boundary between the front-ends and the extension: the CLI and the MCP server depend on this,
 * tests substitute a fake, production uses ExtensionEvaluator.
 */
interface EvaluatorPort
{
    /**
     * @throws EvalException when the evaluator itself fails (never for a failing snippet)
     * @throws UsageError    when the call is refused as asked (too big, a bad root, more than a server allows)
     */
    public function evaluate(EvalCall $call): Outcome;
}
