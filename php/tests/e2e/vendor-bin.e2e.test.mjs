// `vendor/bin/altair mcp` of the Composer package, installed into an application with
// `composer require --dev altair/eval` (tests/install/run.sh builds it), under the official MCP
// TypeScript SDK client: initialize, then tools/call, started the two ways an MCP client config
// starts a PHP server — the bin itself in the application, and `php <app>/vendor/bin/altair mcp`
// from another directory (Claude Desktop starts servers in /) — both evaluating in the application;
// then the same with the newest client, which speaks the stateless 2026-07-28 revision.
//
// ALTAIR_APP: the application; ALTAIR_APP_USERS: its users table's row count, read from its database.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioTransport } from '@modelcontextprotocol/client/stdio';

const app = process.env.ALTAIR_APP ?? '';
const users = Number(process.env.ALTAIR_APP_USERS ?? 'NaN');
assert.ok(path.isAbsolute(app), 'ALTAIR_APP names the application (tests/install/run.sh sets it)');
assert.ok(Number.isInteger(users) && users > 0, 'ALTAIR_APP_USERS is the users table\'s row count');
const bin = path.join(app, 'vendor/bin/altair');
const COUNT = 'return App\\Models\\User::count();';

const starts = {
  'vendor/bin/altair mcp, started in the application': { command: bin, args: ['mcp'], cwd: app },
  'php <app>/vendor/bin/altair mcp, started in /': { command: 'php', args: [bin, 'mcp'], cwd: '/' },
};

for (const [label, start] of Object.entries(starts)) {
  test(label, async () => {
    const transport = new StdioClientTransport({ ...start, stderr: 'pipe' });
    let log = '';
    transport.stderr?.on('data', (chunk) => { log += chunk; });
    const client = new Client({ name: 'altair-install-e2e', version: '1.0.0' });
    try {
      await client.connect(transport);
      assert.equal(client.getServerVersion()?.name, 'altair-eval');
      assert.ok(client.getServerCapabilities()?.tools, 'tools capability');

      const result = await client.callTool({ name: 'framework__eval', arguments: { snippet: COUNT } });

      assert.equal(result.isError, false, `${JSON.stringify(result)}\n${log}`);
      assert.deepEqual(result.structuredContent.result, { type: 'int', value: users });
      assert.equal(result.structuredContent.host.framework, 'laravel');
    } finally {
      await client.close();
    }
  });
}

test('the newest client: php <app>/vendor/bin/altair mcp, 2026-07-28 without initialize', async () => {
  const transport = new ModernStdioTransport({ command: 'php', args: [bin, 'mcp'], cwd: '/', stderr: 'pipe' });
  let log = '';
  transport.stderr?.on('data', (chunk) => { log += chunk; });
  const client = new ModernClient({ name: 'altair-install-e2e-modern', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  try {
    await client.connect(transport);
    assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');

    const result = await client.callTool({ name: 'framework__eval', arguments: { snippet: COUNT } });

    assert.equal(result.isError, false, `${JSON.stringify(result)}\n${log}`);
    assert.deepEqual(result.structuredContent.result, { type: 'int', value: users });
  } finally {
    await client.close();
  }
});
