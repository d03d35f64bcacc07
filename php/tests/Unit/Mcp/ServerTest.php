<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Mcp;

use Altair\Eval\EvalException;
use AltairEval\Frontend\Cli\UsageError;
use AltairEval\Frontend\Mcp\EvalTool;
use AltairEval\Frontend\Mcp\Server;
use AltairEval\Frontend\Mcp\ServerPolicy;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Runtime\Outcome;
use AltairEval\Frontend\Tests\Support\FakeEvaluator;
use AltairEval\Frontend\Tests\Support\Outcomes;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

final class ServerTest extends TestCase
{
    private Outcomes $outcomes;
    private FakeEvaluator $evaluator;

    protected function setUp(): void
    {
        $this->outcomes = new Outcomes();
        $this->evaluator = new FakeEvaluator($this->outcomes->returning(['type' => 'int', 'value' => 2]));
    }

    private function server(bool|string $writes = false, bool $network = false): Server
    {
        return new Server(new EvalTool($this->evaluator, new ServerPolicy('/app', $writes, $network), new Limits()), '1.2.3');
    }

    /**
     * @return array<mixed>|null
     */
    private function send(Server $server, string|array $message): ?array
    {
        $reply = $server->handle(is_string($message) ? $message : json_encode($message, JSON_THROW_ON_ERROR));
        if ($reply === null) {
            return null;
        }
        self::assertStringNotContainsString("\n", $reply, 'one message per line');
        $decoded = json_decode($reply, true, 64, JSON_THROW_ON_ERROR);
        self::assertIsArray($decoded);

        return $decoded;
    }

    private function initialized(string $version = '2025-11-25', bool|string $writes = false, bool $network = false): Server
    {
        $server = $this->server($writes, $network);
        $this->send($server, ['jsonrpc' => '2.0', 'id' => 0, 'method' => 'initialize', 'params' => [
            'protocolVersion' => $version, 'capabilities' => new \stdClass(), 'clientInfo' => ['name' => 't', 'version' => '1'],
        ]]);
        self::assertNull($this->send($server, ['jsonrpc' => '2.0', 'method' => 'notifications/initialized']));

        return $server;
    }

    /**
     * @param array<string, mixed> $arguments
     * @return array<mixed>
     */
    private function call(Server $server, array $arguments): array
    {
        $reply = $this->send($server, ['jsonrpc' => '2.0', 'id' => 9, 'method' => 'tools/call', 'params' => [
            'name' => 'framework__eval', 'arguments' => (object) $arguments,
        ]]);
        self::assertIsArray($reply);
        self::assertArrayHasKey('result', $reply, (string) json_encode($reply));
        self::assertIsArray($reply['result']);

        return $reply['result'];
    }

    /**
     * @return iterable<string, array{string, string}>
     */
    public static function versions(): iterable
    {
        foreach (['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as $version) {
            yield $version => [$version, $version];
        }
        yield 'unknown: answers the latest' => ['2099-01-01', '2025-11-25'];
    }

    #[DataProvider('versions')]
    public function testNegotiatesTheProtocolVersion(string $requested, string $expected): void
    {
        $reply = $this->send($this->server(), ['jsonrpc' => '2.0', 'id' => 1, 'method' => 'initialize', 'params' => [
            'protocolVersion' => $requested, 'capabilities' => new \stdClass(), 'clientInfo' => ['name' => 't', 'version' => '1'],
        ]]);

        self::assertSame(1, $reply['id'] ?? null);
        self::assertSame($expected, $reply['result']['protocolVersion'] ?? null);
        self::assertSame(['tools' => ['listChanged' => false]], $reply['result']['capabilities'] ?? null);
        self::assertSame('altair-eval', $reply['result']['serverInfo']['name'] ?? null);
        self::assertSame('1.2.3', $reply['result']['serverInfo']['version'] ?? null);
    }

    public function testPingAnswersAnEmptyObject(): void
    {
        self::assertSame('{"jsonrpc":"2.0","id":"p","result":{}}', $this->server()->handle('{"jsonrpc":"2.0","id":"p","method":"ping"}'));
    }

    public function testListsTheToolWithSchemas(): void
    {
        $reply = $this->send($this->initialized(), ['jsonrpc' => '2.0', 'id' => 2, 'method' => 'tools/list']);
        $tools = $reply['result']['tools'] ?? null;
        self::assertIsArray($tools);
        self::assertCount(1, $tools);
        $tool = $tools[0];
        self::assertSame('framework__eval', $tool['name']);
        self::assertSame(['snippet'], $tool['inputSchema']['required']);
        self::assertSame(['type' => 'string', 'minLength' => 1], array_intersect_key($tool['inputSchema']['properties']['snippet'], ['type' => 1, 'minLength' => 1]));
        self::assertSame(100, $tool['inputSchema']['properties']['timeout_ms']['minimum']);
        self::assertSame(60000, $tool['inputSchema']['properties']['timeout_ms']['maximum']);
        self::assertSame([false, true, 'rollback'], $tool['inputSchema']['properties']['allow_writes']['enum']);
        self::assertSame('boolean', $tool['inputSchema']['properties']['allow_network']['type']);
        self::assertSame(Outcome::KEYS, $tool['outputSchema']['required']);
        self::assertSame(Outcome::KEYS, array_keys($tool['outputSchema']['properties']));
    }

    public function testOlderRevisionsGetNoOutputSchema(): void
    {
        $reply = $this->send($this->initialized('2024-11-05'), ['jsonrpc' => '2.0', 'id' => 2, 'method' => 'tools/list']);
        self::assertArrayNotHasKey('outputSchema', $reply['result']['tools'][0] ?? []);
        $result = $this->call($this->initialized('2025-03-26'), ['snippet' => 'return 2;']);
        self::assertArrayNotHasKey('structuredContent', $result);
        self::assertSame('int', json_decode($result['content'][0]['text'], true)['result']['type'] ?? null);
    }

    public function testACallReturnsTheContractAsStructuredAndTextContent(): void
    {
        $result = $this->call($this->initialized(), ['snippet' => 'return 1 + 1;', 'timeout_ms' => 1000]);

        self::assertFalse($result['isError']);
        self::assertSame(Outcome::KEYS, array_keys($result['structuredContent']));
        self::assertSame(['type' => 'int', 'value' => 2], $result['structuredContent']['result']);
        self::assertSame('text', $result['content'][0]['type']);
        self::assertSame($result['structuredContent'], json_decode($result['content'][0]['text'], true));
        $call = $this->evaluator->lastCall();
        self::assertSame('return 1 + 1;', $call->snippet);
        self::assertSame('/app', $call->projectRoot);
        self::assertSame(1000, $call->timeoutMs);
        self::assertFalse($call->unsafe);
    }

    public function testAThrowingSnippetIsASuccessfulCallThatSaysOkFalse(): void
    {
        $this->evaluator->answer($this->outcomes->throwing());
        $result = $this->call($this->initialized(), ['snippet' => 'throw new Exception();']);

        self::assertFalse($result['isError']);
        self::assertFalse($result['structuredContent']['ok']);
        self::assertSame('App\User\UserNotFoundException', $result['structuredContent']['exception']['class']);
    }

    public function testAnEmptySandboxStaysAnObject(): void
    {
        $this->evaluator->answer($this->outcomes->make(['sandbox' => []]));
        $reply = $this->initialized()->handle('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"framework__eval","arguments":{"snippet":"return 1;"}}}');

        self::assertStringContainsString('"sandbox":{}', (string) $reply);
    }

    /**
     * @return iterable<string, array{array<string, mixed>, string}>
     */
    public static function invalidArguments(): iterable
    {
        yield 'missing snippet' => [[], 'snippet is required'];
        yield 'empty snippet' => [['snippet' => ''], 'snippet must not be empty'];
        yield 'snippet not a string' => [['snippet' => 5], 'snippet is required and must be a string'];
        yield 'timeout too small' => [['snippet' => 'x', 'timeout_ms' => 99], 'timeout_ms must be from 100 to 60000, got 99'];
        yield 'timeout too large' => [['snippet' => 'x', 'timeout_ms' => 60001], 'timeout_ms must be from 100 to 60000'];
        yield 'timeout fractional' => [['snippet' => 'x', 'timeout_ms' => 150.5], 'timeout_ms must be an integer'];
        yield 'timeout a string' => [['snippet' => 'x', 'timeout_ms' => '1000'], 'timeout_ms must be an integer'];
        yield 'writes not a boolean' => [['snippet' => 'x', 'allow_writes' => 'yes'], 'allow_writes must be true, false or "rollback"'];
        yield 'writes not allowed' => [['snippet' => 'x', 'allow_writes' => true], 'started without --allow-writes'];
        yield 'network not allowed' => [['snippet' => 'x', 'allow_network' => true], 'started without --allow-network'];
        yield 'unsafe' => [['snippet' => 'x', 'unsafe' => true], 'unsafe is not available over MCP'];
        yield 'unknown argument' => [['snippet' => 'x', 'path' => '/'], 'unknown argument "path"'];
        yield 'fake http not an object' => [['snippet' => 'x', 'fake_http' => ['POST x/*=200']], 'fake_http must be an object'];
        yield 'fake http with a bad answer' => [['snippet' => 'x', 'fake_http' => ['POST x/*' => 'ok']], 'fake_http: the answer for "POST x/*" must be "STATUS[:BODY]"'];
        // the same words as `bin/altair eval`'s usage error (EvalCommandTest)
        yield 'oversized snippet' => [['snippet' => str_repeat('1;', 524289)], 'Invalid arguments: the snippet is over 1048576 bytes (EvalRequest::MAX_SNIPPET_BYTES)'];
    }

    /**
     * @param array<string, mixed> $arguments
     */
    #[DataProvider('invalidArguments')]
    public function testInvalidArgumentsAreAToolErrorWithAClearMessage(array $arguments, string $message): void
    {
        $result = $this->call($this->initialized(), $arguments);

        self::assertTrue($result['isError']);
        self::assertStringContainsString($message, $result['content'][0]['text']);
        self::assertArrayNotHasKey('structuredContent', $result);
        self::assertSame([], $this->evaluator->calls);
    }

    public function testBootFlagsLetCallsAskForWritesAndNetwork(): void
    {
        $result = $this->call($this->initialized(writes: true, network: true), ['snippet' => 'x', 'allow_writes' => true, 'allow_network' => true, 'timeout_ms' => 100.0]);

        self::assertFalse($result['isError']);
        self::assertTrue($this->evaluator->lastCall()->allowWrites);
        self::assertTrue($this->evaluator->lastCall()->allowNetwork);
        self::assertSame(100, $this->evaluator->lastCall()->timeoutMs);
    }

    /** @return iterable<string, array{bool|string, mixed, ?string}> */
    public static function writesPolicies(): iterable
    {
        yield 'rollback on a server that allows writes' => [true, 'rollback', null];
        yield 'rollback on a rollback server' => ['rollback', 'rollback', null];
        yield 'kept writes on a rollback server' => ['rollback', true, 'allow_writes was refused: this server was started without --allow-writes (only --allow-writes=rollback).'];
        yield 'rollback on a read-only server' => [false, 'rollback', 'allow_writes: "rollback" was refused: this server was started without --allow-writes=rollback (or --allow-writes).'];
        yield 'another mode' => [true, 'keep', 'allow_writes must be true, false or "rollback".'];
    }

    /** Issue 20 item 1: rollback through the MCP tool's arguments, where the server's policy allows it. */
    #[DataProvider('writesPolicies')]
    public function testRollbackIsAskedForPerCallWhereThePolicyAllowsIt(bool|string $policy, mixed $asked, ?string $refusal): void
    {
        $result = $this->call($this->initialized(writes: $policy), ['snippet' => 'x', 'allow_writes' => $asked]);

        if ($refusal === null) {
            self::assertFalse($result['isError']);
            self::assertSame($asked, $this->evaluator->lastCall()->allowWrites);
            self::assertSame('rollback', $this->evaluator->lastCall()->writesMode());
        } else {
            self::assertTrue($result['isError']);
            self::assertSame('Invalid arguments: ' . $refusal, $result['content'][0]['text'] ?? null);
            self::assertSame([], $this->evaluator->calls);
        }
    }

    public function testTheQueriesAndDatabasesAreInTheStructuredResultAndTheSchema(): void
    {
        $outcomes = new Outcomes();
        $query = ['database' => 0, 'text' => 'select $1', 'params' => ['1'], 'duration_ms' => 0.2, 'rows' => 1, 'error' => null, 'refused' => false];
        $database = ['protocol' => 'pgsql', 'address' => '127.0.0.1:5432', 'mode' => 'rollback'];
        $this->evaluator->answer($outcomes->make(['queries' => [$query], 'sandbox' => $outcomes->make()->sandbox + ['databases' => [$database]]]));
        $policy = new ServerPolicy('/app', allowWrites: 'rollback', databases: ['pgsql://127.0.0.1:5432']);
        $server = new Server(new EvalTool($this->evaluator, $policy, new Limits()), '1.2.3');
        $this->send($server, ['jsonrpc' => '2.0', 'id' => 0, 'method' => 'initialize', 'params' => [
            'protocolVersion' => '2025-11-25', 'capabilities' => new \stdClass(), 'clientInfo' => ['name' => 't', 'version' => '1'],
        ]]);
        $tools = $this->send($server, ['jsonrpc' => '2.0', 'id' => 1, 'method' => 'tools/list']);
        $result = $this->call($server, ['snippet' => 'x', 'allow_writes' => 'rollback']);

        self::assertSame(['pgsql://127.0.0.1:5432'], $this->evaluator->lastCall()->databases, 'the server\'s databases reach every call');
        self::assertSame([$query], $result['structuredContent']['queries'] ?? null);
        self::assertSame([$database], $result['structuredContent']['sandbox']['databases'] ?? null);
        self::assertSame([$query], json_decode((string) ($result['content'][0]['text'] ?? ''), true)['queries'] ?? null);
        $schema = $tools['result']['tools'][0]['outputSchema'] ?? [];
        self::assertContains('queries', $schema['required'] ?? []);
        self::assertSame('array', $schema['properties']['queries']['type'] ?? null);
        self::assertSame('array', $schema['properties']['sandbox']['properties']['databases']['type'] ?? null);
        self::assertTrue($tools['result']['tools'][0]['annotations']['readOnlyHint'] ?? null, 'rollback keeps nothing');
        self::assertStringContainsString('"rollback" runs them and undoes them', (string) ($tools['result']['tools'][0]['description'] ?? ''));
    }

    public function testFakeHttpAnswersReachTheCallAndEffectsAreInTheStructuredResultAndTheSchema(): void
    {
        $outcomes = new Outcomes();
        $effect = ['kind' => 'http', 'method' => 'POST', 'url' => 'https://api.stripe.com/v1/charges', 'status' => 200, 'fake' => true];
        $this->evaluator->answer($outcomes->make(['effects' => [$effect]]));
        $server = $this->initialized();
        $tools = $this->send($server, ['jsonrpc' => '2.0', 'id' => 1, 'method' => 'tools/list']);
        $result = $this->call($server, ['snippet' => 'x', 'fake_http' => ['POST api.stripe.com/*' => '200:{"id":"ch_1"}']]);

        self::assertFalse($result['isError']);
        self::assertSame(['POST api.stripe.com/*' => '200:{"id":"ch_1"}'], $this->evaluator->lastCall()->fakeHttp);
        self::assertSame([$effect], $result['structuredContent']['effects'] ?? null);
        self::assertSame([$effect], json_decode((string) ($result['content'][0]['text'] ?? ''), true)['effects'] ?? null);
        $tool = $tools['result']['tools'][0] ?? [];
        self::assertContains('effects', $tool['outputSchema']['required'] ?? []);
        self::assertSame('array', $tool['outputSchema']['properties']['effects']['type'] ?? null);
        self::assertSame('object', $tool['inputSchema']['properties']['fake_http']['type'] ?? null);
        self::assertStringContainsString('effects:', (string) ($tool['description'] ?? ''));
    }

    public function testBootEndpointsReachEveryCallAndTheToolSaysSo(): void
    {
        $policy = new ServerPolicy('/app', allowEndpoints: ['127.0.0.1:5432', 'unix:/run/postgresql/.s.PGSQL.5432']);
        $server = new Server(new EvalTool($this->evaluator, $policy, new Limits()), '1.2.3');
        $this->send($server, ['jsonrpc' => '2.0', 'id' => 0, 'method' => 'initialize', 'params' => [
            'protocolVersion' => '2025-11-25', 'capabilities' => new \stdClass(), 'clientInfo' => ['name' => 't', 'version' => '1'],
        ]]);
        $tools = $this->send($server, ['jsonrpc' => '2.0', 'id' => 1, 'method' => 'tools/list']);
        $result = $this->call($server, ['snippet' => 'x']);

        self::assertFalse($result['isError']);
        self::assertSame(['127.0.0.1:5432', 'unix:/run/postgresql/.s.PGSQL.5432'], $this->evaluator->lastCall()->allowEndpoints);
        self::assertFalse($this->evaluator->lastCall()->allowNetwork);
        self::assertIsArray($tools);
        self::assertStringContainsString('except 127.0.0.1:5432, unix:/run/postgresql/.s.PGSQL.5432, always reachable', (string) ($tools['result']['tools'][0]['description'] ?? ''));
    }

    public function testARequestTheEvaluatorRefusesIsAToolError(): void
    {
        $this->evaluator->answer(new UsageError('the extension refused the request: Argument #1 ($snippet) must not be empty'));
        $result = $this->call($this->initialized(), ['snippet' => 'return 1;']);

        self::assertTrue($result['isError']);
        self::assertSame('Invalid arguments: the extension refused the request: Argument #1 ($snippet) must not be empty', $result['content'][0]['text']);
    }

    /**
     * @param array<string, mixed> $params
     * @return array<mixed>
     */
    private function stateless(Server $server, string $method, array $params = [], string $version = '2026-07-28', bool $capabilities = true): array
    {
        $meta = ['io.modelcontextprotocol/protocolVersion' => $version, 'io.modelcontextprotocol/clientInfo' => ['name' => 't', 'version' => '1']];
        if ($capabilities) {
            $meta['io.modelcontextprotocol/clientCapabilities'] = new \stdClass();
        }
        $reply = $this->send($server, ['jsonrpc' => '2.0', 'id' => 9, 'method' => $method, 'params' => ['_meta' => $meta] + $params]);
        self::assertIsArray($reply);

        return $reply;
    }

    public function testStatelessDiscoverNeedsNoInitialize(): void
    {
        $result = $this->stateless($this->server(), 'server/discover')['result'] ?? null;

        self::assertIsArray($result);
        self::assertSame(['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'], $result['supportedVersions']);
        self::assertSame(['tools' => ['listChanged' => false]], $result['capabilities']);
        self::assertSame('altair-eval', $result['serverInfo']['name'] ?? null);
        self::assertSame('complete', $result['resultType']);
        self::assertSame('private', $result['cacheScope']);
        self::assertIsInt($result['ttlMs']);
        self::assertSame('1.2.3', $result['_meta']['io.modelcontextprotocol/serverInfo']['version'] ?? null);
    }

    public function testStatelessListAndCallNeedNoInitialize(): void
    {
        $server = $this->server();
        $list = $this->stateless($server, 'tools/list')['result'] ?? null;
        $call = $this->stateless($server, 'tools/call', ['name' => 'framework__eval', 'arguments' => ['snippet' => 'return 2;']])['result'] ?? null;

        self::assertIsArray($list);
        self::assertSame('complete', $list['resultType']);
        self::assertSame('private', $list['cacheScope']);
        self::assertIsInt($list['ttlMs']);
        self::assertSame('framework__eval', $list['tools'][0]['name'] ?? null);
        self::assertArrayHasKey('outputSchema', $list['tools'][0]);
        self::assertIsArray($call);
        self::assertSame('complete', $call['resultType']);
        self::assertFalse($call['isError']);
        self::assertSame(['type' => 'int', 'value' => 2], $call['structuredContent']['result'] ?? null);
        self::assertSame('altair-eval', $call['_meta']['io.modelcontextprotocol/serverInfo']['name'] ?? null);
        self::assertSame(-32600, $this->send($server, ['jsonrpc' => '2.0', 'id' => 1, 'method' => 'tools/list'])['error']['code'] ?? null, 'a request without _meta still needs initialize');
    }

    public function testAStatelessRevisionNotSpokenIsRefusedWithTheSupportedList(): void
    {
        $error = $this->stateless($this->server(), 'tools/list', [], '2099-01-01')['error'] ?? null;

        self::assertIsArray($error);
        self::assertSame(-32022, $error['code']);
        self::assertSame('2099-01-01', $error['data']['requested'] ?? null);
        self::assertContains('2026-07-28', $error['data']['supported'] ?? []);
    }

    public function testAStatelessRequestWithoutClientCapabilitiesIsInvalid(): void
    {
        self::assertSame(-32602, $this->stateless($this->server(), 'tools/list', [], '2026-07-28', false)['error']['code'] ?? null);
    }

    public function testInitializeNeverNegotiatesTheStatelessRevision(): void
    {
        $reply = $this->send($this->server(), ['jsonrpc' => '2.0', 'id' => 0, 'method' => 'initialize', 'params' => [
            'protocolVersion' => '2026-07-28', 'capabilities' => new \stdClass(), 'clientInfo' => ['name' => 't', 'version' => '1'],
        ]]);

        self::assertSame('2025-11-25', $reply['result']['protocolVersion'] ?? null);
        self::assertArrayNotHasKey('resultType', $reply['result'] ?? []);
    }

    public function testEvaluatorFailureIsAToolError(): void
    {
        $this->evaluator->answer(new EvalException('cannot spawn'));
        $result = $this->call($this->initialized(), ['snippet' => 'return 1;']);

        self::assertTrue($result['isError']);
        self::assertSame('The evaluator failed: cannot spawn', $result['content'][0]['text']);
    }

    /**
     * @return iterable<string, array{string, int, int|string|null}>
     */
    public static function protocolErrors(): iterable
    {
        yield 'parse error' => ['{"jsonrpc":', -32700, null];
        yield 'not an object' => ['"hello"', -32600, null];
        yield 'wrong version' => ['{"jsonrpc":"1.0","id":1,"method":"ping"}', -32600, 1];
        yield 'no method' => ['{"jsonrpc":"2.0","id":1}', -32600, 1];
        yield 'null id' => ['{"jsonrpc":"2.0","id":null,"method":"ping"}', -32600, null];
        yield 'params not an object' => ['{"jsonrpc":"2.0","id":1,"method":"tools/list","params":[1]}', -32602, 1];
        yield 'unknown method' => ['{"jsonrpc":"2.0","id":"m","method":"resources/list"}', -32601, 'm'];
        yield 'unknown tool' => ['{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"shell"}}', -32602, 4];
        yield 'call without a name' => ['{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{}}', -32602, 4];
        yield 'batch outside 2025-03-26' => ['[{"jsonrpc":"2.0","id":1,"method":"ping"}]', -32600, null];
    }

    #[DataProvider('protocolErrors')]
    public function testProtocolErrors(string $line, int $code, int|string|null $id): void
    {
        $reply = $this->send($this->initialized(), $line);

        self::assertSame('2.0', $reply['jsonrpc'] ?? null);
        self::assertIsArray($reply);
        self::assertArrayHasKey('id', $reply);
        self::assertSame($id, $reply['id']);
        self::assertSame($code, $reply['error']['code'] ?? null);
        self::assertIsString($reply['error']['message'] ?? null);
    }

    public function testRequestsBeforeInitializeAreRefusedButPingWorks(): void
    {
        $server = $this->server();
        self::assertSame(-32600, $this->send($server, ['jsonrpc' => '2.0', 'id' => 1, 'method' => 'tools/list'])['error']['code'] ?? null);
        self::assertSame([], $this->send($server, ['jsonrpc' => '2.0', 'id' => 2, 'method' => 'ping'])['result'] ?? null);
    }

    public function testNotificationsResponsesAndBlankLinesGetNoAnswer(): void
    {
        $server = $this->initialized();
        self::assertNull($server->handle("\n"));
        self::assertNull($server->handle('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}'));
        self::assertNull($server->handle('{"jsonrpc":"2.0","id":7,"result":{}}'));
    }

    public function testBatchesWith20250326(): void
    {
        $server = $this->initialized('2025-03-26');
        $reply = $server->handle('[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":2,"method":"nope"}]');
        $decoded = json_decode((string) $reply, true);

        self::assertIsArray($decoded);
        self::assertCount(2, $decoded);
        self::assertSame([], $decoded[0]['result']);
        self::assertSame(-32601, $decoded[1]['error']['code']);
        self::assertSame(-32600, json_decode((string) $server->handle('[]'), true)['error']['code'] ?? null);
    }

    public function testServeReadsLinesAndWritesOnlyJsonRpc(): void
    {
        $in = fopen('php://memory', 'r+');
        $out = fopen('php://memory', 'r+');
        self::assertIsResource($in);
        self::assertIsResource($out);
        fwrite($in, '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}' . "\n");
        fwrite($in, '{"jsonrpc":"2.0","method":"notifications/initialized"}' . "\n");
        fwrite($in, '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"framework__eval","arguments":{"snippet":"echo 1;"}}}');
        rewind($in);
        $this->evaluator->answer($this->outcomes->make(['stdout' => "snippet output\n{\"jsonrpc\":\"2.0\"}"]));

        $this->server()->serve($in, $out);

        rewind($out);
        $lines = explode("\n", rtrim((string) stream_get_contents($out), "\n"));
        self::assertCount(2, $lines);
        foreach ($lines as $line) {
            self::assertIsArray(json_decode($line, true));
        }
        self::assertSame("snippet output\n{\"jsonrpc\":\"2.0\"}", json_decode($lines[1], true)['result']['structuredContent']['stdout'] ?? null);
    }
}
