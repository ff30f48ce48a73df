// One rule, one place: what a run's state means (service/src/runStates.ts). Whether it is still
// running, whether the service carried the statement out (a batch goes on, the CLI exits 0), and how
// it reads (ok, warn, busy, bad): the CLI (the built program against the emulator), the extension's
// Run All and log, the notebook's Run All, the results page's badge, the Service Objects view and
// the history must give the same answer for every state.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator';
import { kindsChangedBy } from '../../client/src/explorer/listChanges';
import { parseEntry } from '../../client/src/history';
import { runInOrder } from '../../client/src/notebook/cellRun';
import { endLogLevel } from '../../client/src/run/runEntry';
import { isRunning, isRunState, RUN_STATES, stateTone, succeeded, type RunState, type StateTone } from '../../service/src/index';
import { envFor, FIXTURES, ROOT, runCli } from '../cli/helpers';

const table: [state: RunState, running: boolean, done: boolean, tone: StateTone][] = [
  ['submitting', true, false, 'busy'],
  ['pending', true, false, 'busy'],
  ['success', false, true, 'ok'],
  ['partial', false, true, 'warn'],
  ['failed', false, false, 'bad'],
  ['invalid', false, false, 'bad'],
  ['rejected', false, false, 'bad'],
  ['timed-out', false, false, 'warn'],
  ['cancelled', false, false, 'warn'],
  ['error', false, false, 'bad'],
];

test('the table names every state once', () => {
  assert.deepEqual(table.map(([s]) => s).sort(), [...RUN_STATES].sort());
});

test('every side reads a state alike: running, carried out, tone', async () => {
  for (const [state, running, done, tone] of table) {
    assert.equal(isRunning(state), running, `running: ${state}`);
    assert.equal(succeeded(state), done, `succeeded: ${state}`);
    assert.equal(stateTone(state), tone, `tone: ${state}`);
    assert.equal(endLogLevel(state), tone === 'ok' ? 'info' : tone === 'warn' ? 'warn' : 'error', `log level: ${state}`);
    // The notebook's Run All (and a cell's statements) go on after a state exactly when it succeeded.
    const order = await runInOrder(
      [state, 'success' as RunState],
      async (s) => ({ state: s }),
      () => false,
    );
    assert.equal(order.runs.length, done ? 2 : 1, `notebook Run All after ${state}`);
    assert.equal(order.ok, done, `notebook cell after ${state}`);
    // The Service Objects view reloads a kind's list after a run that changed it, only if it was carried out.
    const changed = kindsChangedBy({ state, title: 'DELETE FLOW' }, [{ kind: 'flow', changedBy: ['DELETE FLOW'] }]);
    assert.deepEqual(changed, done ? ['flow'] : [], `objects view after ${state}`);
    const kept = parseEntry({ id: 'r', statement: 'SHOW FLOWS', state, submittedAt: 1 });
    assert.equal(kept?.state, state, `history keeps ${state}`);
  }
});

test('a state from outside that is not one is refused: the history drops it', () => {
  for (const junk of ['done', 'SUCCESS', '__proto__', 'toString', '', 3, null, undefined]) {
    assert.equal(isRunState(junk), false, String(junk));
    assert.equal(parseEntry({ id: 'r', statement: 'SHOW FLOWS', state: junk, submittedAt: 1 }), undefined, String(junk));
  }
});

let emu: RunningEmulator;
before(async () => {
  emu = await startEmulator({ pendingMs: 0 });
});
after(async () => {
  await emu.close();
});

test('a partial success in the built CLI: the batch goes on, exit 0, as the extension and the notebook go on', async () => {
  emu.faults.outcome = 'SUCCESS_PARTIAL';
  try {
    const before = emu.stats.submits;
    const run = await runCli(['run', 'run/two.svcsql', '--all', '--json'], { cwd: FIXTURES, env: envFor(emu) });
    assert.equal(run.code, 0, run.stderr);
    const doc = JSON.parse(run.stdout) as { ok: boolean; results: { state: string; requestId: string }[] };
    assert.deepEqual(
      doc.results.map((r) => r.state),
      ['partial', 'partial'],
    );
    assert.equal(doc.ok, true);
    assert.equal(emu.stats.submits, before + 2);
    const text = await runCli(['run', 'run/two.svcsql', '--all', '--no-color'], { cwd: FIXTURES, env: envFor(emu) });
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /\[2\/2\] RUN JOB nightly \(line 3\): partial/);
    const status = await runCli(['status', doc.results[0]!.requestId, '--json'], { cwd: FIXTURES, env: envFor(emu) });
    assert.equal(status.code, 0, status.stderr);
    assert.equal((JSON.parse(status.stdout) as { state: string }).state, 'partial');
  } finally {
    emu.faults.outcome = null;
  }
});

test('no module but runStates.ts spells out which states succeeded or are running', () => {
  const copies: string[] = [];
  for (const dir of ['client', 'cli', 'agent', 'server', 'service']) {
    const root = join(ROOT, dir, 'src');
    for (const f of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!f.endsWith('.ts') || join(root, f) === join(ROOT, 'service', 'src', 'runStates.ts')) continue;
      const text = readFileSync(join(root, f), 'utf8');
      // "Succeeded" spelt out (a comparison with 'partial'), or "running" (both of submitting and pending).
      if (/state\s*[!=]==?\s*'partial'|'(submitting|pending)'[^;]*\|\|[^;]*state\s*===?\s*'(submitting|pending)'/.test(text))
        copies.push(`${dir}/src/${f}`);
    }
  }
  assert.deepEqual(copies, []);
  // The results page (its own tsconfig, with DOM types: not importable here) takes its badge from the tone.
  const header = readFileSync(join(ROOT, 'client', 'src', 'results', 'webview', 'header.ts'), 'utf8');
  assert.match(header, /from '\.\.\/\.\.\/\.\.\/\.\.\/service\/src\/runStates'/);
  assert.match(header, /return isRunState\(state\) \? stateTone\(state\) : 'bad';/);
});
