// Drives `bin/altair mcp` with the official MCP TypeScript SDK client over stdio, against the real
// extension and the example app: initialize, tools/list, a value, an exception, a timeout, invalid
// input, a refused allow_writes, and snippet output that must not leak into the JSON-RPC stream.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const php = process.env.PHP_BINARY || 'php';
const module = process.env.ALTAIR_EVAL_MODULE || path.join(repo, 'modules/altair_eval.so');
const app = path.join(repo, 'examples/app');
const KEYS = ['ok', 'result', 'stdout', 'stderr', 'exception', 'duration_ms', 'memory_peak_bytes', 'exit_code',
  'timed_out', 'signal', 'limit_exceeded', 'error', 'stdout_truncated', 'stderr_truncated', 'sandbox', 'host',
  'memory_peak_rss_bytes'];

let client;
let transport;
let serverStderr = '';

before(async () => {
  transport = new StdioClientTransport({
    command: php,
    args: ['-d', `extension=${module}`, path.join(repo, 'bin/altair.php'), 'mcp', `--project-root=${app}`],
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk) => { serverStderr += chunk; });
  client = new Client({ name: 'altair-e2e', version: '1.0.0' });
  await client.connect(transport);
});

after(async () => {
  await client?.close();
});

const evaluate = (args) => client.callTool({ name: 'framework__eval', arguments: args });

test('initialize negotiates a protocol version and names the server', () => {
  assert.equal(client.getServerVersion()?.name, 'altair-eval');
  assert.ok(client.getServerCapabilities()?.tools, 'tools capability');
});

test('tools/list offers framework__eval with input and output schemas', async () => {
  const { tools } = await client.listTools();
  assert.equal(tools.length, 1);
  const [tool] = tools;
  assert.equal(tool.name, 'framework__eval');
  assert.deepEqual(tool.inputSchema.required, ['snippet']);
  assert.equal(tool.inputSchema.properties.snippet.minLength, 1);
  assert.equal(tool.inputSchema.properties.timeout_ms.minimum, 100);
  assert.equal(tool.inputSchema.properties.timeout_ms.maximum, 60000);
  assert.deepEqual(tool.outputSchema.required, KEYS);
});

test('a call returns the value as structured and text content', async () => {
  const result = await evaluate({ snippet: 'return container(App\\User\\UserRepository::class)->count();' });
  assert.equal(result.isError, false);
  assert.deepEqual(Object.keys(result.structuredContent), KEYS);
  assert.equal(result.structuredContent.ok, true);
  assert.deepEqual(result.structuredContent.result, { type: 'int', value: 3 });
  assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
});

test('the headline: findByEmail of nobody is null', async () => {
  const result = await evaluate({ snippet: 'return container(App\\User\\UserRepository::class)->findByEmail("nobody@example.com");' });
  assert.equal(result.structuredContent.ok, true);
  assert.equal(result.structuredContent.result.type, 'null');
});

test('an exception is a successful call that says ok:false', async () => {
  const result = await evaluate({ snippet: 'return container(App\\User\\UserRepository::class)->getByEmail("nobody@example.com");' });
  assert.equal(result.isError, false);
  assert.equal(result.structuredContent.ok, false);
  assert.equal(result.structuredContent.exception.class, 'App\\User\\UserNotFoundException');
  assert.match(result.structuredContent.exception.message, /nobody@example\.com/);
});

test('a runaway snippet times out and the server keeps answering', async () => {
  const started = Date.now();
  const result = await evaluate({ snippet: 'while (true) {}', timeout_ms: 300 });
  assert.ok(Date.now() - started < 5000, 'returned soon after its timeout');
  assert.equal(result.isError, false);
  assert.equal(result.structuredContent.ok, false);
  assert.equal(result.structuredContent.timed_out, true);
  assert.equal(result.structuredContent.exit_code, 124);
  await client.ping();
});

test('snippet output stays in the result, never on the JSON-RPC stream', async () => {
  const noise = '{"jsonrpc":"2.0","id":1,"result":{}}';
  const result = await evaluate({ snippet: `echo '${noise}', PHP_EOL, 'not json at all'; fwrite(STDERR, 'err'); return 1;` });
  assert.equal(result.structuredContent.ok, true);
  assert.match(result.structuredContent.stdout, /not json at all/);
  await client.ping();
});

test('invalid input is a tool error with a clear message', async () => {
  const empty = await evaluate({ snippet: '' });
  assert.equal(empty.isError, true);
  assert.match(empty.content[0].text, /snippet must not be empty/);

  const slow = await evaluate({ snippet: 'return 1;', timeout_ms: 99999 });
  assert.equal(slow.isError, true);
  assert.match(slow.content[0].text, /timeout_ms must be from 100 to 60000/);

  const missing = await evaluate({});
  assert.equal(missing.isError, true);
  assert.match(missing.content[0].text, /snippet is required/);
});

test('allow_writes is refused unless the server was started with --allow-writes', async () => {
  const result = await evaluate({ snippet: 'return 1;', allow_writes: true });
  assert.equal(result.isError, true);
  assert.match(result.content[0].text, /--allow-writes/);
});

test('the server logged to stderr only', () => {
  assert.match(serverStderr, /serving .*examples\/app/);
});
