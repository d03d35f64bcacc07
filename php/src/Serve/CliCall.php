<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

use AltairEval\Frontend\Cli\EvalRun;
use AltairEval\Frontend\Cli\LeanEval;
use AltairEval\Frontend\Cli\OptionReader;
use AltairEval\Frontend\Events\IdGenerator;
use AltairEval\Frontend\Runtime\Limits;

/**
 * The server's side of altair-client (client/client.c): `bin/altair eval` whose command line the
 * server parses, evaluates and renders itself, exactly as the PHP front-end's lean path would
 * (LeanEval, EvalRun, the same evaluation as an `eval` request), in the client's working directory
 * and with the client's ALTAIR_EVAL_DATABASES. Answers the exit code and
 * what the front-end would have printed, or `fallback` when the PHP front-end must take the call
 * (a command line the lean path leaves to the console application, --stdin, or one that runs cold:
 * --unsafe, --env, --env-policy; --session, whose call the server's main process routes to the
 * worker holding the session); nothing has run then.
 */
final class CliCall
{
    /** What the command line reads from the environment (OptionReader), the client's values. */
    public const VARIABLES = [OptionReader::DATABASES_VARIABLE];

    public function __construct(private readonly ServeHandler $handler, private readonly Limits $limits)
    {
    }

    /**
     * @param array<mixed> $request
     * @return array<string, mixed>
     */
    public function answer(array $request): array
    {
        $arguments = $request['args'] ?? null;
        $cwd = $request['cwd'] ?? null;
        $environment = $request['env'] ?? null;
        if (!is_array($arguments) || !array_is_list($arguments) || array_filter($arguments, 'is_string') !== $arguments
            || !is_string($cwd) || !str_starts_with($cwd, '/') || str_contains($cwd, "\0") || !is_array($environment)) {
            return ['refused' => 'malformed request: cli.'];
        }
        foreach ($environment as $name => $value) {
            if (!in_array($name, self::VARIABLES, true) || !is_string($value) || str_contains($value, "\0")) {
                return ['refused' => 'malformed request: cli.'];
            }
        }
        $lean = LeanEval::parse($arguments);
        // The client's ALTAIR_EVAL_DATABASES, as the --database options it stands for (never put in
        // this process's environment: a template started now would keep it for every later call).
        $listed = OptionReader::listedDatabases($environment[OptionReader::DATABASES_VARIABLE] ?? '');
        if ($lean !== null && $lean->getOption('database') === null && $listed !== []) {
            $lean = LeanEval::parse([...array_map(static fn (string $url): string => '--database=' . $url, $listed), ...$arguments]);
        }
        // Without --database the command line reads the variable, here the server's own: unless
        // that is unset as well, the PHP front-end takes the call (it reads the client's).
        $serverListed = $lean !== null && $lean->getOption('database') === null && (string) getenv(OptionReader::DATABASES_VARIABLE) !== '';
        if ($lean === null || $serverListed || $lean->getOption('stdin') === true || $lean->getOption('unsafe') === true
            || $lean->getOption('env') !== null || $lean->getOption('env-policy') !== null || $lean->getOption('session') !== null) {
            return ['fallback' => true];
        }
        $here = getcwd();
        if ($here === false || !@chdir($cwd)) {
            return ['fallback' => true];
        }
        $stdin = self::memory();
        $stdout = self::memory();
        $stderr = self::memory();
        $evaluator = new ServedEvaluator($this->handler);
        try {
            $exit = $lean->run(new EvalRun($evaluator, $this->limits, new IdGenerator()), $stdin, $stdout, $stderr);

            return ['exit' => $exit, 'stdout' => self::contents($stdout), 'stderr' => self::contents($stderr), 'evaluated' => $evaluator->evaluated];
        } finally {
            fclose($stdin);
            fclose($stdout);
            fclose($stderr);
            chdir($here);
        }
    }

    /**
     * @return resource
     */
    private static function memory()
    {
        return fopen('php://memory', 'w+') ?: throw new \RuntimeException('cannot open php://memory');
    }

    /**
     * @param resource $stream
     */
    private static function contents($stream): string
    {
        rewind($stream);

        return (string) stream_get_contents($stream);
    }
}
