// The CLI against hostile services on 127.0.0.1 and hostile files: output escaped, answers
// capped, every command within its timeout, exit codes for unusable credentials.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { hostileConnection, secretEncodings, sendBytes, startHostile } from '../service/hostileServer';
import { envForConnection, runCli, tempDir } from './helpers';

const MB = 1024 * 1024;

function envOf(url: string, overrides: Record<string, string> = {}): Record<string, string> {
  return envForConnection(hostileConnection(url), overrides);
}

function oneStatementFile(text = 'SHOW FLOWS\n'): string {
  const dir = tempDir();
  const file = join(dir, 'one.svcsql');
  writeFileSync(file, text);
  return file;
}

/** Nothing that could drive a terminal or forge a CI annotation. */
function assertNoControls(label: string, text: string): void {
  const bad = /[\x00-\x09\x0b-\x1f\x7f-\x9f]/.exec(text);
  assert.equal(bad, null, `${label} holds ${JSON.stringify(bad?.[0])}:\n${JSON.stringify(text)}`);
  assert.doesNotMatch(text, /^::error/m, `${label} starts a line with ::error`);
}

const HOSTILE = '\x1b]0;pwned\x07\x1b[2J\x07\n::error file=x.svcsql::forged\r\x9b31m';

test('run and status: control characters of grpc-message, apiResponse and request id are escaped', async () => {
  const server = await startHostile((req, res) => {
    if (req.method === 'POST' && req.url?.endsWith('/v1/resource/')) {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requestId: `id${HOSTILE}` }));
    }
    if (req.url?.includes('fail')) {
      return void res.writeHead(409, { 'grpc-status': '13', 'grpc-message': encodeURIComponent(`bad${HOSTILE}`) }).end();
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ apiStatus: `API_OPERATION_STATUS_SUCCESS`, apiResponse: { [`k${HOSTILE}`]: `v${HOSTILE}` } }));
  });
  try {
    const env = envOf(server.url);
    for (const args of [
      ['run', oneStatementFile()],
      ['run', oneStatementFile(), '--json'],
      ['status', 'abc'],
      ['status', 'fail', '--wait', '--timeout', '0.05'],
      ['status', 'fail', '--json'],
    ]) {
      const r = await runCli(args, { env, timeoutMs: 30_000 });
      assertNoControls(`${args.join(' ')} stdout`, r.stdout);
      assertNoControls(`${args.join(' ')} stderr`, r.stderr);
      assert.match(r.stdout + r.stderr, /\\x1b|\\u001b/, 'the escape is shown, not dropped');
    }
  } finally {
    await server.close();
  }
});

test('lint: a string literal with control characters and a file name with a newline stay on their line', async () => {
  const dir = tempDir();
  const name = 'evil\n::error file=x::forged.svcsql';
  writeFileSync(join(dir, name), `ALTER OCU SET LIMIT = '3\x1b[2J\x07'\n`);
  for (const format of ['text', 'github', 'json', 'sarif']) {
    const r = await runCli(['lint', '--format', format, '--max-warnings', '0', '.'], { cwd: dir });
    assert.equal(r.code, 1, r.stderr);
    assertNoControls(`${format} stdout`, format === 'text' || format === 'github' ? r.stdout : r.stdout.replace(/\n/g, ''));
    assertNoControls(`${format} stderr`, r.stderr);
    if (format === 'text') assert.equal(r.stdout.trim().split('\n').length, 1, r.stdout);
  }
});

test('lint: a generated statement of 100,000 problems lists 1,000 and a count of the rest; an error past them fails the run', async () => {
  const pairs = Array.from({ length: 100_000 }, (_, i) => `'k${i}' = ${i}`).join(', ');
  const file = oneStatementFile(`CREATE LAKE l WITH ${pairs}, bare = '1';\n`);
  const r = await runCli(['lint', file]);
  assert.equal(r.code, 1, r.stderr);
  const lines = r.stdout.trim().split('\n');
  // 1,000 listed and the note, first (at the head).
  assert.equal(lines.length, 1001, lines.slice(-3).join('\n'));
  assert.match(lines[0]!, /:1:1 error too-many-statement-problems This statement has 99,001 more problems than the 1,000 listed/);
  assert.equal(lines.filter((l) => l.includes(' unquoted-with-value ')).length, 1000);
  assert.equal(r.stderr.trim(), '1 error, 0 warnings, 1000 other in 1 file.');
});

test('--max-response-mb: a 40 MB status body ends the command at the cap with a clear error, asked once', async () => {
  const server = await startHostile(async (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    await sendBytes(res, Buffer.alloc(64 * 1024, 'x'), 40 * MB);
  });
  try {
    const r = await runCli(['status', 'abc', '--max-response-mb', '1'], { env: envOf(server.url), timeoutMs: 30_000 });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /error: The service sent more than 1 MB in its status answer for request abc/);
    assert.ok(r.stdout.length < 10_000);
    assert.equal(server.requests.length, 1);
    const bad = await runCli(['status', 'abc', '--max-response-mb', 'lots'], { env: envOf(server.url) });
    assert.equal(bad.code, 2);
  } finally {
    await server.close();
  }
});

test('status without --wait honours --timeout: a service that never answers, or Retry-After: 999999', async () => {
  for (const mode of ['silent', 'retry-after']) {
    const server = await startHostile((_req, res) => {
      if (mode === 'retry-after') res.writeHead(503, { 'retry-after': '999999' }).end();
      // silent: never answers (the server closes itself, and the connection, later)
    }, 40_000);
    try {
      const started = Date.now();
      // 0.01 minutes: 0.6 s, so that waiting for the timeout costs little.
      const r = await runCli(['status', 'abc', '--timeout', '0.01'], { env: envOf(server.url), timeoutMs: 25_000 });
      const took = Date.now() - started;
      assert.equal(r.code, 1, `${mode}: ${r.stderr}`);
      assert.ok(took < 15_000, `${mode}: took ${took} ms for a 0.6 s timeout`);
      assert.match(r.stdout, /timed-out/);
    } finally {
      await server.close();
    }
  }
});

test('unusable credentials exit 2; a credentials file that is a folder says so; request id . is refused', async () => {
  const server = await startHostile((_req, res) => void res.writeHead(500).end());
  try {
    const file = oneStatementFile();
    for (const overrides of <Record<string, string>[]>[
      { SVCSQL_API_SECRET: 'line\nbreak-secret' },
      { SVCSQL_API_SECRET: 'n\u00f6n-ascii-secret' },
      { SVCSQL_HEADER_PREFIX: 'x service' },
    ]) {
      const r = await runCli(['run', file], { env: envOf(server.url, overrides) });
      assert.equal(r.code, 2, `${JSON.stringify(overrides)}: ${r.stderr}`);
      assert.match(r.stderr, /cannot be sent in an HTTP header|header prefix/);
    }
    assert.equal(server.requests.length, 0);
    const dir = tempDir();
    mkdirSync(join(dir, 'creds'), { mode: 0o700 });
    const folder = await runCli(['status', 'abc', '--credentials-file', join(dir, 'creds')]);
    assert.equal(folder.code, 2);
    assert.match(folder.stderr, /is a folder, not a file/);
    for (const id of ['.', '..']) {
      const r = await runCli(['status', id], { env: envOf(server.url) });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /request id cannot be/);
    }
    const q = await runCli(['status', 'abc'], { env: envOf(server.url, { SVCSQL_BASE_URL: `${server.url}/api?` }) });
    assert.equal(q.code, 2);
    assert.match(q.stderr, /must not contain a query or fragment/);
    assert.equal(server.requests.length, 0);
  } finally {
    await server.close();
  }
});

test('run: a secret WITH value echoed by the service is shown as ***', async () => {
  const key = 'sk-live-0a1b2c3d4e5f';
  const server = await startHostile(
    (_req, res) =>
      void res
        .writeHead(400, {
          'grpc-status': '3',
          'grpc-message': encodeURIComponent(
            `Invalid sql query: line 1:80 extraneous input '${key}' expecting ','; base64 ${Buffer.from(key).toString('base64')}`,
          ),
        })
        .end(),
  );
  try {
    const file = oneStatementFile(
      `CREATE TRANSFORMATION emb TYPE = 'VECTOR_EMBEDDING' WITH 'vector.embedding.transformation.api.key' = '${key}'\n`,
    );
    for (const extra of [[], ['--json'], ['--verbose']]) {
      const r = await runCli(['run', file, ...extra], { env: envOf(server.url) });
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stdout, /\*\*\*/);
      for (const form of [key, Buffer.from(key).toString('base64')])
        assert.ok(!(r.stdout + r.stderr).includes(form), `${extra}: ${r.stdout}${r.stderr}`);
    }
    assert.equal(server.requests.length, 3);
  } finally {
    await server.close();
  }
});

test('an API secret echoed raw, JSON-escaped, base64 or lower-case percent-encoded, at a cut or not: never shown, in text or --json', async () => {
  const secret = 'Se"cr\\et/Value+1234';
  const forms = [secret, ...Object.values(secretEncodings(secret))];
  const server = await startHostile(
    (_req, res) => void res.writeHead(409, { 'content-type': 'text/plain' }).end(`${'y'.repeat(285)} ${forms.join(' | ')}`),
  );
  try {
    for (const extra of [[], ['--json']]) {
      const r = await runCli(['status', 'abc', ...extra], { env: envOf(server.url, { SVCSQL_API_SECRET: secret }) });
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stdout, /conflict/);
      for (const form of forms)
        for (const part of [form, form.slice(0, 10)])
          assert.ok(!(r.stdout + r.stderr).includes(part), `${extra} shows ${part}:\n${r.stdout}`);
    }
  } finally {
    await server.close();
  }
});

test('a credentials file name or profile with a line break stays on its line', async () => {
  const dir = tempDir();
  for (const args of [
    ['--credentials-file', join(dir, 'x\n::error file=a::forged')],
    ['--profile', 'p\n::error::forged'],
  ]) {
    const r = await runCli(['status', 'abc', ...args]);
    assert.equal(r.code, 2, r.stderr);
    assertNoControls('stderr', r.stderr.replace(/\n$/, ''));
  }
});
