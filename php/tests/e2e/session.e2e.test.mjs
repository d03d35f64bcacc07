// Sessions over MCP (issue 38 item 5), driven by the official MCP TypeScript SDK clients against
// `php bin/altair mcp` on the Laravel fixture (tests/apps/fixtures, built into a temporary directory;
// SQLite, so allow_writes "rollback" works on a private copy): five steps in one session (find a
// user, change it, read the change back, a call that throws and changes nothing, close), the app's
// data unchanged after; the same with the stateless 2026-07-28 client, where the handle is an
// ordinary argument; and a handle from another server process refused as an unknown one.
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
const php = process.env.PHP_BINARY || 'php';
const ADA = '$u = App\\Models\\User::where("email", "ada@example.com")->first(); return $u->name;';
const ADA_NOW = 'return App\\Models\\User::where("email", "ada@example.com")->first()->name;';

let scratch;
let app;

before(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'altair-session-e2e-'));
  app = path.join(scratch, 'laravel');
  const built = spawnSync(php, [path.join(repo, 'tests/apps/fixtures/build.php'), 'laravel', app], { encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
});

after(() => { fs.rmSync(scratch, { recursive: true, force: true }); });

const server = () => ({ command: 'php', args: [altair, 'mcp', `--project-root=${app}`, '--allow-writes=rollback'], stderr: 'pipe' });

async function handshakeClient() {
  const transport = new StdioClientTransport(server());
  const client = new Client({ name: 'altair-session-e2e', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

async function statelessClient() {
  const client = new ModernClient({ name: 'altair-session-e2e-modern', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new ModernStdioTransport(server()));
  return client;
}

/** The five steps, with `client` (either era). */
async function fiveSteps(client) {
  const call = (name, args) => client.callTool({ name, arguments: args });
  const evaluate = (session, snippet) => call('framework__eval', { session, snippet });

  // 1. open: find the user
  const opened = await call('framework__session_open', { snippet: ADA, allow_writes: 'rollback' });
  assert.equal(opened.isError, false, opened.content?.[0]?.text);
  const id = opened.structuredContent.session;
  assert.match(id, /^[0-9a-f]{32}$/);
  assert.deepEqual(opened.structuredContent.opening.result, { type: 'string', value: 'Ada Lovelace' });
  assert.deepEqual(opened.structuredContent.opening.session, { id, call: 1, kept: true });

  // 2. change it (rollback mode: a private copy of the SQLite database)
  const changed = await evaluate(id, '$u->name = "Ada Changed"; $u->save(); return $u->name;');
  assert.equal(changed.structuredContent.ok, true, JSON.stringify(changed.structuredContent.exception));
  assert.deepEqual(changed.structuredContent.session, { id, call: 2, kept: true });

  // 3. read the change back, from the database, in the next call
  const read = await evaluate(id, 'return App\\Models\\User::find($u->id)->name;');
  assert.deepEqual(read.structuredContent.result, { type: 'string', value: 'Ada Changed' });

  // 4. a call that throws: a successful tool call whose result says so, and nothing of it is kept
  const failed = await evaluate(id, '$u->name = "Broken"; $note = 1; throw new RuntimeException("step four");');
  assert.equal(failed.isError, false);
  assert.equal(failed.structuredContent.ok, false);
  assert.equal(failed.structuredContent.exception.class, 'RuntimeException');
  assert.deepEqual(failed.structuredContent.session, { id, call: 4, kept: false });
  const unchanged = await evaluate(id, 'return [$u->name, isset($note), App\\Models\\User::find($u->id)->name];');
  assert.deepEqual(unchanged.structuredContent.result.value.map((v) => v.value), ['Ada Changed', false, 'Ada Changed']);
  assert.deepEqual(unchanged.structuredContent.session, { id, call: 5, kept: true });

  // 5. listed while open; close: the handle is gone, and the app's data is as it was
  const listed = await call('framework__session_list', {});
  assert.deepEqual(listed.structuredContent.sessions.map((s) => [s.session, s.calls]), [[id, 5]]);
  const closed = await call('framework__session_close', { session: id });
  assert.deepEqual(closed.structuredContent, { closed: id });
  const gone = await evaluate(id, 'return 1;');
  assert.equal(gone.isError, true);
  assert.match(gone.content[0].text, new RegExp(`no open session ${id} here`));
  const data = await call('framework__eval', { snippet: ADA_NOW });
  assert.deepEqual(data.structuredContent.result, { type: 'string', value: 'Ada Lovelace' });
  assert.equal(data.structuredContent.session, null);
}

describe('a session over MCP, handshake era (@modelcontextprotocol/sdk)', () => {
  let client;
  before(async () => { client = await handshakeClient(); });
  after(async () => { await client?.close(); });

  test('tools/list describes the session tools', async () => {
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    assert.equal(byName.framework__eval.inputSchema.properties.session.type, 'string');
    assert.match(byName.framework__eval.description, /framework__session_open/);
    assert.deepEqual(byName.framework__session_open.outputSchema.required, ['session', 'idle_timeout_ms', 'opening']);
    assert.deepEqual(byName.framework__session_close.inputSchema.required, ['session']);
  });

  test('five steps: find, change, read back, fail without effect, close; the app unchanged', async () => {
    await fiveSteps(client);
  });

  test('a call in a session may not change its options', async () => {
    const opened = await client.callTool({ name: 'framework__session_open', arguments: {} });
    const id = opened.structuredContent.session;
    const refused = await client.callTool({ name: 'framework__eval', arguments: { session: id, snippet: 'return 1;', allow_writes: 'rollback' } });
    assert.equal(refused.isError, true);
    assert.match(refused.content[0].text, /allow_writes is the session's own/);
    await client.callTool({ name: 'framework__session_close', arguments: { session: id } });
  });

  test('an opening that throws is a tool error and opens nothing', async () => {
    const failed = await client.callTool({ name: 'framework__session_open', arguments: { snippet: 'throw new LogicException("no");' } });
    assert.equal(failed.isError, true);
    assert.match(failed.content[0].text, /^The session was not opened: /);
  });
});

describe('a session over MCP, stateless 2026-07-28 (@modelcontextprotocol/client)', () => {
  let client;
  before(async () => { client = await statelessClient(); });
  after(async () => { await client?.close(); });

  test('the handle is an ordinary argument: the same five steps', async () => {
    assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');
    await fiveSteps(client);
  });
});

describe('another MCP server process', () => {
  test('never reaches this server\'s session: its handle is refused as an unknown one', async () => {
    const owner = await handshakeClient();
    const other = await handshakeClient();
    try {
      const opened = await owner.callTool({ name: 'framework__session_open', arguments: { snippet: '$secret = 42;' } });
      const id = opened.structuredContent.session;
      const theirs = await other.callTool({ name: 'framework__eval', arguments: { session: id, snippet: 'return $secret;' } });
      const never = await other.callTool({ name: 'framework__eval', arguments: { session: '0'.repeat(32), snippet: 'return 1;' } });
      assert.equal(theirs.isError, true);
      assert.equal(theirs.content[0].text.replace(id, 'H'), never.content[0].text.replace('0'.repeat(32), 'H'));
      const close = await other.callTool({ name: 'framework__session_close', arguments: { session: id } });
      assert.equal(close.isError, true);
      const mine = await owner.callTool({ name: 'framework__eval', arguments: { session: id, snippet: 'return $secret;' } });
      assert.deepEqual(mine.structuredContent.result, { type: 'int', value: 42 });
    } finally {
      await owner.close();
      await other.close();
    }
  });
});
