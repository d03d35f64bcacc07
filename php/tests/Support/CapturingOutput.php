<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Support;

use Symfony\Component\Console\Output\BufferedOutput;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\ConsoleSectionOutput;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * A console output whose stdout and stderr are kept apart, as on a terminal.
 */
final class CapturingOutput extends BufferedOutput implements ConsoleOutputInterface
{
    private OutputInterface $errors;

    public function __construct(bool $decorated = false)
    {
        parent::__construct(OutputInterface::VERBOSITY_NORMAL, $decorated);
        $this->errors = new BufferedOutput();
    }

    public function getErrorOutput(): OutputInterface
    {
        return $this->errors;
    }

    public function setErrorOutput(OutputInterface $error): void
    {
        $this->errors = $error;
    }

    public function section(): ConsoleSectionOutput
    {
        throw new \LogicException('Sections are not used by altair.');
    }

    public function errors(): string
    {
        return $this->errors instanceof BufferedOutput ? $this->errors->fetch() : '';
    }
}
