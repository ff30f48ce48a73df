// `svcsql run` and `svcsql status` against the emulator (in-process, on 127.0.0.1:0), through the
// built CLI as a child process: outcomes, exit codes, statement choice, lint gate, progress off a
// TTY, --json, Ctrl+C.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator';
import { ServiceClient } from '../../service/src/index';
import { connectionFor } from '../service/helpers';
import { assertPlain, envFor, FIXTURES, runCli, waitFor } from './helpers';

let emu: RunningEmulator;
before(async () => {
  emu = await startEmulator({ pendingMs: 50 });
});
after(async () => {
  await emu.close();
});

const opts = () => ({ cwd: FIXTURES, env: envFor(emu) });

interface RunDoc {
  file: string;
  ok: boolean;
  results: {
    statement: number;
    line: number;
    title: string;
    state: string;
    requestId?: string;
    apiStatus?: string;
    apiResponse?: unknown;
    error?: { kind: string; line?: number; column?: number; message: string };
  }[];
}

test('one-statement file: runs it, prints outcome and apiResponse, exit 0; progress is plain off a TTY', async () => {
  const before = emu.stats.submits;
  const r = await runCli(['run', 'run/one.svcsql'], opts());
  assert.equal(r.code, 0, r.stderr);
  assert.equal(emu.stats.submits, before + 1);
  assert.match(r.stdout, /\[1\/1\] SHOW CLUSTERS \(line 1\): success/);
  assert.match(r.stdout, /apiStatus: API_OPERATION_STATUS_SUCCESS/);
  assert.match(r.stdout, /apiResponse \(--json prints it whole\):\n\s+showClustersApiResponse\.clusters \(\d+ rows?\)\n/); // SHOW: a table (resultTable.test.ts)
  assert.match(r.stdout, /request id: [0-9a-f-]{36}/);
  // Progress on stderr, as plain lines: no \r, no escape sequences.
  assertPlain(r.stderr);
  assertPlain(r.stdout);
  assert.match(r.stderr, /^\[1\/1\] SHOW CLUSTERS \(line 1\): submitting$/m);
  assert.match(r.stderr, /: pending/);
});

test('several statements: a choice is required (exit 2, nothing sent); --statement / --line / --all', async () => {
  const before = emu.stats.submits;
  const none = await runCli(['run', 'run/two.svcsql'], opts());
  assert.equal(none.code, 2);
  assert.match(none.stderr, /has 2 statements; choose one with --statement N or --line L, or send them all with --all/);
  assert.equal(emu.stats.submits, before);

  const second = await runCli(['run', 'run/two.svcsql', '--statement', '2', '--json'], opts());
  assert.equal(second.code, 0, second.stderr);
  const doc = JSON.parse(second.stdout) as RunDoc;
  assert.deepEqual(
    doc.results.map((x) => [x.statement, x.title, x.state]),
    [[2, 'RUN JOB', 'success']],
  );
  assert.ok(doc.ok);
  assert.deepEqual(doc.results[0]!.apiResponse && Object.keys(doc.results[0]!.apiResponse as object), ['runJobApiResponse']);

  const byLine = await runCli(['run', 'run/two.svcsql', '--line', '3', '--json'], opts());
  assert.equal(byLine.code, 0);
  assert.equal((JSON.parse(byLine.stdout) as RunDoc).results[0]!.title, 'RUN JOB');

  const all = await runCli(['run', 'run/two.svcsql', '--all', '--json'], opts());
  assert.equal(all.code, 0, all.stderr);
  const allDoc = JSON.parse(all.stdout) as RunDoc;
  assert.deepEqual(
    allDoc.results.map((x) => [x.statement, x.state]),
    [
      [1, 'success'],
      [2, 'success'],
    ],
  );
  assert.equal(emu.stats.submits, before + 4);

  for (const bad of [
    ['--statement', '3'],
    ['--line', '2'],
    ['--statement', '0'],
    ['--statement', '1', '--all'],
  ]) {
    const r = await runCli(['run', 'run/two.svcsql', ...bad], opts());
    assert.equal(r.code, 2, `${bad.join(' ')}: ${r.stderr}`);
  }
  assert.equal(emu.stats.submits, before + 4);
});

test('lint errors block the run (exit 1, says which, nothing sent) unless --force', async () => {
  const before = emu.stats.submits;
  const blocked = await runCli(['run', 'run/three.svcsql', '--all'], opts());
  assert.equal(blocked.code, 1);
  assert.match(blocked.stderr, /statement 2 \(line 4, ALTER OCU\) has lint errors and was not sent \(use --force/);
  assert.match(blocked.stderr, /run\/three\.svcsql:4:23 error quoted-integer/);
  assert.equal(emu.stats.submits, before);

  const json = await runCli(['run', 'run/three.svcsql', '--all', '--json'], opts());
  assert.equal(json.code, 1);
  const doc = JSON.parse(json.stdout) as RunDoc;
  assert.deepEqual(
    doc.results.map((x) => x.state),
    ['not-sent', 'not-sent', 'not-sent'],
  );
  assert.equal(doc.results[1]!.error?.kind, 'lint');

  // Forced: the service refuses it; its parse error is mapped back onto the file (1-based).
  const forced = await runCli(['run', 'run/parse.svcsql', '--line', '4', '--force', '--json'], opts());
  assert.equal(forced.code, 1);
  const f = JSON.parse(forced.stdout) as RunDoc;
  assert.equal(f.results[0]!.state, 'rejected');
  assert.equal(f.results[0]!.error?.kind, 'parse');
  assert.deepEqual([f.results[0]!.error?.line, f.results[0]!.error?.column], [4, 25]);
  assert.equal(emu.stats.submits, before + 1);
});

test('a failed statement: exit 1, the rest skipped unless --keep-going', async () => {
  emu.faults.outcome = 'FAILED';
  try {
    const r = await runCli(['run', 'run/two.svcsql', '--all', '--json'], opts());
    assert.equal(r.code, 1);
    assert.deepEqual(
      (JSON.parse(r.stdout) as RunDoc).results.map((x) => x.state),
      ['failed', 'skipped'],
    );
    const k = await runCli(['run', 'run/two.svcsql', '--all', '--keep-going'], opts());
    assert.equal(k.code, 1);
    assert.match(k.stdout, /\[1\/2\] SHOW CLUSTERS \(line 1\): failed/);
    assert.match(k.stdout, /\[2\/2\] RUN JOB nightly \(line 3\): failed/);
  } finally {
    emu.faults.outcome = null;
  }
});

test('status REQUEST_ID: one look (exit 0 / 3 pending / 1 unknown id) and --wait', async () => {
  const run = await runCli(['run', 'run/one.svcsql', '--json'], opts());
  const id = (JSON.parse(run.stdout) as RunDoc).results[0]!.requestId!;
  const s = await runCli(['status', id], opts());
  assert.equal(s.code, 0, s.stderr);
  assert.match(s.stdout, /API_OPERATION_STATUS_SUCCESS/);

  const slow = await startEmulator({ pendingMs: 60_000 });
  try {
    const sub = await runCli(['run', 'run/one.svcsql', '--json', '--timeout', '0.02'], { cwd: FIXTURES, env: envFor(slow) });
    assert.equal(sub.code, 1); // gave up waiting after 1.2 s
    const doc = JSON.parse(sub.stdout) as RunDoc;
    assert.equal(doc.results[0]!.state, 'timed-out');
    // A request that is surely pending, whether or not that run's submit beat its 1.2 s on a loaded machine.
    const pendingId = await new ServiceClient(connectionFor(slow)).submit('SHOW CLUSTERS');
    const pending = await runCli(['status', pendingId, '--json'], { cwd: FIXTURES, env: envFor(slow) });
    assert.equal(pending.code, 3, pending.stderr);
    assert.equal((JSON.parse(pending.stdout) as { apiStatus: string }).apiStatus, 'API_OPERATION_STATUS_PENDING');
  } finally {
    await slow.close();
  }

  const waited = await runCli(['status', id, '--wait', '--json'], opts());
  assert.equal(waited.code, 0, waited.stderr);
  assert.equal((JSON.parse(waited.stdout) as { state: string }).state, 'success');

  const unknown = await runCli(['status', 'no-such-request'], opts());
  assert.equal(unknown.code, 1);
  assert.match(unknown.stdout, /error/);
});

test('Ctrl+C cancels the run (AbortSignal) and exits 130', async () => {
  const slow = await startEmulator({ pendingMs: 60_000 });
  try {
    const r = await runCli(['run', 'run/two.svcsql', '--all', '--json'], {
      cwd: FIXTURES,
      env: envFor(slow),
      onSpawn: (child, out) => {
        void waitFor(() => /pending/.test(out.stderr())).then(() => child.kill('SIGINT'));
      },
    });
    assert.equal(r.code, 130, r.stderr);
    const doc = JSON.parse(r.stdout) as RunDoc;
    assert.deepEqual(
      doc.results.map((x) => x.state),
      ['cancelled', 'skipped'],
    );
    assert.equal(slow.stats.submits, 1); // the second statement was never sent
    assertPlain(r.stderr);
  } finally {
    await slow.close();
  }
});

test('an invalid base URL or missing credentials: exit 2 before anything is sent', async () => {
  const http = await runCli(['run', 'run/one.svcsql'], { cwd: FIXTURES, env: envFor(emu, { SVCSQL_BASE_URL: 'http://example.com' }) });
  assert.equal(http.code, 2);
  assert.match(http.stderr, /https/);
  const missing = await runCli(['run', 'run/one.svcsql'], {
    cwd: FIXTURES,
    env: envFor(emu, { SVCSQL_REGION: undefined, SVCSQL_LINK_UID: undefined }),
  });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /link_uid, region missing/);
  assert.match(missing.stderr, /SVCSQL_LINK_UID, SVCSQL_REGION/);
});
