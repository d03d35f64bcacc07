<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use AltairEval\Frontend\Events\Event;
use AltairEval\Frontend\Events\EventLog;
use AltairEval\Frontend\Events\EventLogException;
use AltairEval\Frontend\Events\IdGenerator;
use AltairEval\Frontend\Runtime\ContractJson;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\EvaluatorPort;
use AltairEval\Frontend\Runtime\FakeHttp;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Runtime\Outcome;

/**
 * What `altair eval` does once its command line is parsed, shared by the console command
 * (EvalCommand) and the lean path (LeanEval) so that both check, evaluate and print the same way:
 * options to an EvalCall (every problem a UsageError), the evaluation (an unsafe one is recorded
 * before it runs, and after), and the printed result with its exit code.
 */
final class EvalRun
{
    public const FORMATS = ['human', 'json'];

    public function __construct(
        private readonly EvaluatorPort $evaluator,
        private readonly Limits $limits,
        private readonly IdGenerator $ids,
    ) {
    }

    /**
     * @param resource $stdin where --stdin reads
     */
    public function call(OptionReader $options, ?string $argument, $stdin): EvalCall
    {
        $projectRoot = $options->projectRoot();
        $session = $options->has('session') ? $options->string('session') : null;
        if ($session !== null) {
            $this->sessionRefusal($options);
        }
        $envAllow = $options->has('env') ? $options->variableNames('env') : [];
        $envPolicy = $options->has('env-policy') ? $options->choice('env-policy', [EvalCall::ENV_INHERIT, EvalCall::ENV_CLEAN], $envAllow === [] ? EvalCall::ENV_INHERIT : EvalCall::ENV_CLEAN) : EvalCall::ENV_INHERIT;
        if ($envPolicy === EvalCall::ENV_INHERIT && $envAllow !== []) {
            throw new UsageError('--env names what --env-policy=clean passes on; with inherit every variable is passed already.');
        }

        [$writes, $argument] = PolicyOptions::writesAndSnippet($options, $argument, takesSnippet: true);

        return new EvalCall(
            snippet: $this->snippet($options, $argument, $stdin),
            projectRoot: $projectRoot,
            timeoutMs: $options->intInRange('timeout-ms', $this->limits->defaultTimeoutMs(), $this->limits->minTimeoutMs(), $this->limits->maxTimeoutMs()),
            memoryLimitMb: $options->intInRange('memory-mb', $this->limits->defaultMemoryMb(), $this->limits->minMemoryMb(), $this->limits->maxMemoryMb()),
            allowWrites: $writes,
            allowNetwork: PolicyOptions::network($options),
            bootstrap: $options->bootstrap($projectRoot),
            unsafe: $options->has('unsafe') && $options->flag('unsafe'),
            allowEndpoints: $options->endpoints('allow-endpoint'),
            envPolicy: $envPolicy,
            envAllow: $envAllow,
            databases: $options->databases(),
            fakeHttp: FakeHttp::fromOptions($options->strings('fake-http')),
            session: $session,
            timeoutGiven: $options->given('timeout-ms'),
        );
    }

    /**
     * With --session the call runs with the session's options: any other than the snippet and
     * --timeout-ms (--format and the display switches) is refused rather than ignored.
     */
    private function sessionRefusal(OptionReader $options): void
    {
        foreach (['writes', 'allow-writes'] as $name) {
            if ($options->optional($name) !== false) {
                throw new UsageError(sprintf('--%s is the session\'s own (given to `bin/altair session open`); with --session give the snippet and --timeout-ms only.', $name));
            }
        }
        foreach (['network', 'allow-network', 'unsafe'] as $name) {
            if ($options->flag($name)) {
                throw new UsageError(sprintf('--%s is the session\'s own (given to `bin/altair session open`); with --session give the snippet and --timeout-ms only.', $name));
            }
        }
        foreach (['memory-mb', 'bootstrap', 'env-policy', 'database', 'allow-endpoint', 'fake-http', 'env'] as $name) {
            if ($options->given($name)) {
                throw new UsageError(sprintf('--%s is the session\'s own (given to `bin/altair session open`); with --session give the snippet and --timeout-ms only.', $name));
            }
        }
    }

    public function format(OptionReader $options): string
    {
        return $options->choice('format', self::FORMATS, 'human');
    }

    /**
     * Evaluates. An unsafe run is recorded before it runs (write-ahead: status "started"), and does not
     * run when that record cannot be written (EventLogException); its outcome is appended after, under
     * the same id, whatever happens.
     */
    public function evaluate(EvalCall $call): Outcome
    {
        if (!$call->unsafe) {
            return $this->evaluator->evaluate($call);
        }
        $log = EventLog::forProjectRoot($call->projectRoot);
        $id = $this->ids->next();
        $startedAt = new \DateTimeImmutable();
        try {
            $log->append(Event::unsafeStarted($call, $startedAt, $id));
        } catch (EventLogException $unwritable) {
            throw new EventLogException('--unsafe was refused: it could not be recorded first. ' . $unwritable->getMessage(), 0, $unwritable);
        }
        $started = hrtime(true);
        $outcome = null;
        try {
            $outcome = $this->evaluator->evaluate($call);

            return $outcome;
        } finally {
            $elapsedMs = intdiv(hrtime(true) - $started, 1_000_000);
            $log->append(Event::unsafeEval($call, $outcome, $elapsedMs, $startedAt, $id));
        }
    }

    /**
     * The bytes to print on stdout: the pretty contract and a newline, or the human form.
     */
    public function render(Outcome $outcome, EvalCall $call, string $format, bool $decorated, bool $verbose, bool $queries = true, bool $effects = true): string
    {
        if ($format === 'json') {
            return (new ContractJson())->encode($outcome, pretty: true) . PHP_EOL;
        }

        return (new HumanRenderer($decorated))->render($outcome, $call, $verbose, $queries, $effects);
    }

    public function exitCode(Outcome $outcome): int
    {
        return $outcome->ok ? ExitCode::Ok->value : ExitCode::Failed->value;
    }

    /**
     * @param resource $stdin
     */
    private function snippet(OptionReader $options, ?string $argument, $stdin): string
    {
        $file = $options->string('file');
        $fromStdin = $options->flag('stdin');
        $sources = array_filter([$argument !== null, $file !== null, $fromStdin]);
        if (count($sources) > 1) {
            throw new UsageError('Give the snippet one way only: as the argument, with --file or with --stdin.');
        }

        // Read at most one byte over the limit: a huge file or stream is refused, never loaded.
        $readMax = $this->limits->maxSnippetBytes() * ($options->flag('base64') ? 2 : 1) + 1;
        if ($file !== null) {
            $handle = is_file($file) && is_readable($file) ? @fopen($file, 'rb') : false;
            if ($handle === false) {
                throw new UsageError(sprintf('--file: cannot read "%s".', $file));
            }
            $snippet = (string) stream_get_contents($handle, $readMax);
            fclose($handle);
        } elseif ($fromStdin) {
            $snippet = (string) stream_get_contents($stdin, $readMax);
        } else {
            $snippet = $argument ?? '';
        }
        if ($options->flag('base64') && $sources !== []) {
            $snippet = $this->decodeBase64($snippet);
        }

        $refusal = $this->limits->snippetRefusal(strlen($snippet));
        if ($refusal !== null) {
            throw new UsageError($refusal);
        }
        if (trim($snippet) === '') {
            throw new UsageError($sources === [] ? 'No snippet: pass it as the argument, with --file or with --stdin.' : 'The snippet is empty.');
        }

        return $snippet;
    }

    /**
     * Strict base64 (line breaks and spaces around it are allowed); anything else is a usage error.
     */
    private function decodeBase64(string $encoded): string
    {
        $compact = (string) preg_replace('/\s+/', '', $encoded);
        $decoded = base64_decode($compact, true);
        if ($compact === '' || $decoded === false) {
            throw new UsageError('--base64: the snippet is not valid base64.');
        }

        return $decoded;
    }
}
