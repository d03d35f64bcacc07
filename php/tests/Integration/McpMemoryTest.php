<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Integration;

use AltairEval\Frontend\Tests\Support\Repository;
use PHPUnit\Framework\TestCase;

/**
 * `bin/altair mcp` as a client runs it: a result far over the evaluator's result maximum must not
 * grow the long-running server (it went from 28 to 317 MB on one 15 MB result and stayed there).
 */
final class McpMemoryTest extends TestCase
{
    /** The server may settle a little after a call; far less than the 15 MB result decoded. */
    private const RSS_SLACK_KB = 16 * 1024;

    /** @var resource */
    private $process;
    /** @var array<int, resource> */
    private array $pipes = [];
    private int $id = 0;

    protected function setUp(): void
    {
        $repository = new Repository();
        $command = [PHP_BINARY, '-d', 'extension=' . $repository->module(), $repository->entry(), 'mcp',
            '--project-root=' . $repository->exampleApp()];
        $process = proc_open($command, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']], $this->pipes);
        self::assertIsResource($process);
        $this->process = $process;
        $this->call('initialize', ['protocolVersion' => '2025-06-18', 'capabilities' => new \stdClass(),
            'clientInfo' => ['name' => 'memory-test', 'version' => '1']]);
        fwrite($this->pipes[0], json_encode(['jsonrpc' => '2.0', 'method' => 'notifications/initialized'], JSON_THROW_ON_ERROR) . "\n");
    }

    protected function tearDown(): void
    {
        fclose($this->pipes[0]);
        proc_close($this->process);
    }

    /**
     * @param array<string, mixed> $params
     * @return array<string, mixed>
     */
    private function call(string $method, array $params): array
    {
        $request = ['jsonrpc' => '2.0', 'id' => ++$this->id, 'method' => $method, 'params' => $params];
        fwrite($this->pipes[0], json_encode($request, JSON_THROW_ON_ERROR) . "\n");
        $line = fgets($this->pipes[1]);
        self::assertIsString($line, 'the server answered');
        $reply = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
        self::assertIsArray($reply);

        return $reply;
    }

    /** @return array<string, mixed> the structured result of one framework__eval call */
    private function evaluate(string $snippet): array
    {
        $reply = $this->call('tools/call', ['name' => 'framework__eval', 'arguments' => ['snippet' => $snippet]]);
        self::assertIsArray($reply['result']['structuredContent'] ?? null, json_encode($reply, JSON_THROW_ON_ERROR));

        return $reply['result']['structuredContent'];
    }

    private function serverRssKb(): int
    {
        $pid = proc_get_status($this->process)['pid'];
        self::assertSame(1, preg_match('/^VmRSS:\s+(\d+) kB$/m', (string) file_get_contents("/proc/$pid/status"), $match));

        return (int) $match[1];
    }

    public function testTheServerReturnsToItsBaselineAfterAResultCutAtTheMaximum(): void
    {
        self::assertTrue($this->evaluate('return 1;')['ok']);
        $baseline = $this->serverRssKb();

        // About 15 MB encoded: the guest's encoder cuts it below the evaluator's maximum.
        $large = $this->evaluate('return array_fill(0,100,array_fill(0,100,array_fill(0,60,7)));');
        self::assertTrue($large['ok']);
        self::assertSame('result_size', $large['limit_exceeded']);
        self::assertTrue($large['result']['budget_exhausted']);

        self::assertSame(2, $this->evaluate('return 1 + 1;')['result']['value'], 'the server keeps answering');
        self::assertLessThan($baseline + self::RSS_SLACK_KB, $this->serverRssKb());
    }
}
