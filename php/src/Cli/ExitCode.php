<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

/**
 * Exit codes of bin/altair (docs/cli.md, "Exit codes").
 */
enum ExitCode: int
{
    /** The snippet ran cleanly. */
    case Ok = 0;
    /** The snippet threw, hit a fatal error, timed out or its process exited non-zero; or the evaluator failed. */
    case Failed = 1;
    /** The command line was wrong; nothing was run. */
    case Usage = 2;
}
