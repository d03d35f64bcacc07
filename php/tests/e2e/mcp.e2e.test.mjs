// Drives `bin/altair mcp` with the official MCP TypeScript SDK clients over stdio, against the real
// extension and the example app, started exactly as docs/mcp.md tells MCP clients to start it
// (`php bin/altair mcp`): the handshake era with @modelcontextprotocol/sdk 1.x (initialize,
// tools/list, a value, an exception, a timeout, invalid input, a refused allow_writes, snippet output
// that must not leak into the JSON-RPC stream), the stateless 2026-07-28 revision with the newest
// client, @modelcontextprotocol/client 2.x, every configuration docs/mcp.md shows, and dd(), dump()
// and var_dump() in snippets.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioTransport } from '@modelcontextprotocol/client/stdio';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const altair = path.join(repo, 'bin/altair');
const app = path.join(repo, 'examples/app');
const KEYS = ['ok', 'result', 'stdout', 'stderr', 'exception', 'duration_ms', 'memory_peak_bytes', 'exit_code',
  'timed_out', 'signal', 'limit_exceeded', 'error', 'stdout_truncated', 'stderr_truncated', 'sandbox', 'host',
  'memory_peak_rss_bytes', 'queries', 'effects', 'session'];
const COUNT = 'return container(App\\User\\UserRepository::class)->count();';

/** A server as an MCP client config starts it: `php bin/altair mcp …`, php from PATH. */
const server = (args, cwd = undefined) => ({ command: 'php', args: [altair, 'mcp', ...args], cwd, stderr: 'pipe' });

/** The newest official client, negotiating as it does by default for a 2026-07-28 server. */
async function modernClient(params) {
  const transport = new ModernStdioTransport(params);
  const log = { text: '' };
  transport.stderr?.on('data', (chunk) => { log.text += chunk; });
  const modern = new ModernClient({ name: 'altair-e2e-modern', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await modern.connect(transport);
  return { client: modern, log };
}

let client;
let transport;
let serverStderr = '';

before(async () => {
  transport = new StdioClientTransport(server([`--project-root=${app}`]));
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

test('tools/list offers framework__eval with input and output schemas, and the session tools', async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((tool) => tool.name), ['framework__eval', 'framework__session_open', 'framework__session_close', 'framework__session_list']);
  const [tool] = tools;
  assert.equal(tool.name, 'framework__eval');
  assert.deepEqual(tool.inputSchema.required, ['snippet']);
  assert.equal(tool.inputSchema.properties.snippet.minLength, 1);
  assert.equal(tool.inputSchema.properties.timeout_ms.minimum, 100);
  assert.equal(tool.inputSchema.properties.timeout_ms.maximum, 60000);
  assert.deepEqual(tool.outputSchema.required, KEYS);
});

test('a call returns the value as structured and text content', async () => {
  const result = await evaluate({ snippet: COUNT });
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

test('initialize never negotiates the stateless revision', () => {
  assert.equal(client.getServerVersion()?.name, 'altair-eval');
  assert.match(serverStderr, /initialize: client asked for 2025-11-25, speaking 2025-11-25/);
});

describe('2026-07-28, stateless, with the newest official client', () => {
  let modern;

  before(async () => { modern = await modernClient(server([`--project-root=${app}`])); });
  after(async () => { await modern?.client.close(); });

  test('server/discover selects 2026-07-28 and no initialize is sent', () => {
    assert.equal(modern.client.getNegotiatedProtocolVersion(), '2026-07-28');
    assert.equal(modern.client.getServerVersion()?.name, 'altair-eval');
    assert.ok(modern.client.getServerCapabilities()?.tools, 'tools capability');
    assert.doesNotMatch(modern.log.text, /initialize/);
  });

  test('tools/list and tools/call answer on their own', async () => {
    const { tools } = await modern.client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name), ['framework__eval', 'framework__session_open', 'framework__session_close', 'framework__session_list']);
    assert.deepEqual(tools[0].outputSchema.required, KEYS);
    const result = await modern.client.callTool({ name: 'framework__eval', arguments: { snippet: COUNT } });
    assert.equal(result.isError, false);
    assert.deepEqual(result.structuredContent.result, { type: 'int', value: 3 });
  });

  test('a snippet over 1 MiB is a tool error with the words the CLI prints', async () => {
    const snippet = '1;'.repeat(524289);
    const result = await modern.client.callTool({ name: 'framework__eval', arguments: { snippet } });
    const cli = spawnSync('php', [altair, 'eval', '--stdin', `--project-root=${app}`], { input: snippet, encoding: 'utf8' });
    assert.equal(cli.status, 2);
    const reason = cli.stderr.match(/^altair eval: (.*) \(see: /)[1];
    assert.equal(result.isError, true);
    assert.equal(result.content[0].text, `Invalid arguments: ${reason}`);
  });
});

describe('the configurations in docs/mcp.md, as written', () => {
  const doc = fs.readFileSync(path.join(repo, 'docs/mcp.md'), 'utf8');
  const place = (text) => text.replaceAll('/path/to/altair-eval', repo).replaceAll('/path/to/your/project', app)
    .replaceAll('${workspaceFolder}', app);
  const configs = [];
  for (const block of doc.matchAll(/```json\n([\s\S]*?)```/g)) {
    const parsed = JSON.parse(place(block[1]));
    const [name, entry] = Object.entries(parsed.mcpServers ?? parsed.servers)[0];
    const section = [...doc.slice(0, block.index).matchAll(/^## (.*)$/gm)].pop()?.[1];
    configs.push({ label: `${section}: ${name}`, entry });
  }
  const add = doc.match(/^claude mcp add (\S+) -- (.*)$/m);
  const [command, ...args] = place(add[2]).split(' ');
  configs.push({ label: `claude mcp add ${add[1]}`, entry: { command, args } });

  test('docs/mcp.md shows Claude Code (add and .mcp.json), Cursor and VS Code', () => {
    assert.equal(configs.length, 4);
    assert.equal(configs.filter((config) => config.entry.type === 'stdio').length, 1, 'VS Code');
  });

  for (const { label, entry } of configs) {
    test(`${label} starts a server that answers`, async () => {
      assert.equal(entry.command, 'php');
      // started where a client starts it: in the project (Claude Code's .mcp.json relies on that)
      const modern = await modernClient({ command: entry.command, args: entry.args, cwd: app, stderr: 'pipe' });
      try {
        const result = await modern.client.callTool({ name: 'framework__eval', arguments: { snippet: COUNT } });
        assert.deepEqual(result.structuredContent.result, { type: 'int', value: 3 }, modern.log.text);
      } finally {
        await modern.client.close();
      }
    });
  }
});

describe('rollback through the official client (issue 20): the write is seen, then gone', () => {
  let project;
  let rollback;

  before(async () => {
    project = fs.mkdtempSync(path.join(os.tmpdir(), 'altair-e2e-rollback-'));
    fs.cpSync(app, project, { recursive: true });
    rollback = await modernClient(server([`--project-root=${project}`, '--writes=rollback']));
  });
  after(async () => {
    await rollback?.client.close();
    if (project) fs.rmSync(project, { recursive: true, force: true });
  });

  const insert = '$r = container(App\\User\\UserRepository::class); $pdo = (fn () => $this->pdo)->call($r); '
    + '$pdo->exec("INSERT INTO users (email, name) VALUES (\'e@example.com\', \'E\')"); return $r->count();';

  test('allow_writes: "rollback" writes the SQLite copy; the next call sees the original', async () => {
    const before = fs.readFileSync(path.join(project, 'var/app.sqlite'));
    const written = await rollback.client.callTool({ name: 'framework__eval', arguments: { snippet: insert, allow_writes: 'rollback' } });
    assert.equal(written.isError, false, JSON.stringify(written.content));
    assert.deepEqual(written.structuredContent.result, { type: 'int', value: 4 });
    assert.equal(written.structuredContent.sandbox.project_overlay, true);
    const after = await rollback.client.callTool({ name: 'framework__eval', arguments: { snippet: COUNT } });
    assert.deepEqual(after.structuredContent.result, { type: 'int', value: 3 });
    assert.ok(fs.readFileSync(path.join(project, 'var/app.sqlite')).equals(before), 'the database file is byte for byte what it was');
  });

  test('kept writes stay refused on a rollback-only server', async () => {
    const kept = await rollback.client.callTool({ name: 'framework__eval', arguments: { snippet: insert, allow_writes: true } });
    assert.equal(kept.isError, true);
    assert.match(kept.content[0].text, /only --allow-writes=rollback/);
  });
});

describe('dd(), dump() and var_dump() never reach the protocol stream', () => {
  let project;
  let modern;

  before(async () => {
    // the example app with Symfony's VarDumper (what dd() and dump() are in Laravel and Symfony)
    project = fs.mkdtempSync(path.join(os.tmpdir(), 'altair-e2e-dump-'));
    fs.cpSync(app, project, { recursive: true });
    fs.cpSync('/usr/share/php/Symfony/Component/VarDumper', path.join(project, 'var-dumper'), { recursive: true });
    modern = await modernClient(server([`--project-root=${project}`]));
  });
  after(async () => {
    await modern?.client.close();
    if (project) fs.rmSync(project, { recursive: true, force: true });
  });

  const call = (snippet) => modern.client.callTool({ name: 'framework__eval', arguments: { snippet } });
  const withDumper = (code) => `require ${JSON.stringify(path.join(project, 'var-dumper/autoload.php'))}; ${code}`;

  test('var_dump() is the result\'s stdout', async () => {
    const result = await call('var_dump(["dumped" => 1]); return 2;');
    assert.equal(result.structuredContent.ok, true);
    assert.match(result.structuredContent.stdout, /\["dumped"\]=>\s+int\(1\)/);
  });

  test('dump() writes to the child\'s stdout, captured', async () => {
    const result = await call(withDumper('dump(["from-dump" => true]); return 3;'));
    assert.equal(result.structuredContent.ok, true, JSON.stringify(result.structuredContent));
    assert.match(result.structuredContent.stdout, /from-dump/);
    assert.deepEqual(result.structuredContent.result, { type: 'int', value: 3 });
  });

  test('dd() dumps and exits the child, and the server answers the next call', async () => {
    const result = await call(withDumper('dd("from-dd"); return 4;'));
    assert.equal(result.isError, false);
    assert.match(result.structuredContent.stdout, /from-dd/);
    assert.equal(result.structuredContent.result, null, 'it never returned');
    const next = await call(COUNT);
    assert.deepEqual(next.structuredContent.result, { type: 'int', value: 3 });
  });
});
