// One rule, one place: the service's apiStatus and the duration text. The CLI (`svcsql status`, the
// built program against the emulator), the service client's polling (CLI `run`, `status --wait`), the
// extension (Requests view, refresh) and the results page must give the same answer for the same input.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator';
import * as extension from '../../client/src/runText';
import * as service from '../../service/src/index';
import { envFor, FIXTURES, ROOT, runCli } from '../cli/helpers';

const statusTable: [apiStatus: string, state: string, shown: string][] = [
  ['API_OPERATION_STATUS_SUCCESS', 'success', 'SUCCESS'],
  ['API_OPERATION_STATUS_SUCCESS_PARTIAL', 'partial', 'SUCCESS_PARTIAL'],
  ['API_OPERATION_STATUS_FAILED', 'failed', 'FAILED'],
  ['API_OPERATION_STATUS_INVALID', 'invalid', 'INVALID'],
  ['API_OPERATION_STATUS_PENDING', 'pending', 'PENDING'],
  ['api_operation_status_success', 'success', 'success'],
  [' API_OPERATION_STATUS_FAILED\n', 'failed', ' API_OPERATION_STATUS_FAILED\n'],
  ['SUCCESS', 'success', 'SUCCESS'],
  ['API_OPERATION_STATUS_QUEUED_FOR_MAINTENANCE', 'pending', 'QUEUED_FOR_MAINTENANCE'],
  ['API_OPERATION_STATUS_', 'pending', ''],
  ['__proto__', 'pending', '__proto__'],
  ['constructor', 'pending', 'constructor'],
  ['', 'pending', ''],
];

test('apiStatus → state: the service client, the CLI and the extension agree on every row', () => {
  for (const [apiStatus, state, shown] of statusTable) {
    const sides = {
      'service client polling (CLI run, status --wait)': service.terminalStateOf(apiStatus) ?? 'pending',
      'CLI status': service.stateFromApiStatus(apiStatus),
      'extension (refresh, Requests view)': extension.stateFromApiStatus(apiStatus),
    };
    for (const [side, got] of Object.entries(sides)) assert.equal(got, state, `${side}: ${JSON.stringify(apiStatus)}`);
    assert.equal(extension.shortApiStatus(apiStatus), shown, `extension label of ${JSON.stringify(apiStatus)}`);
    assert.equal(service.shortApiStatus(apiStatus), shown, `shared label of ${JSON.stringify(apiStatus)}`);
  }
  assert.equal(extension.stateFromApiStatus(undefined), 'pending');
});

let emu: RunningEmulator;
before(async () => {
  emu = await startEmulator({ pendingMs: 0 });
});
after(async () => {
  await emu.close();
});

test('a lower-case success from the service: the built CLI says success, as the extension does', async () => {
  const run = await runCli(['run', 'run/one.svcsql', '--json'], { cwd: FIXTURES, env: envFor(emu) });
  assert.equal(run.code, 0, run.stderr);
  const id = (JSON.parse(run.stdout) as { results: { requestId: string }[] }).results[0]!.requestId;
  emu.faults.unknownStatusValue = 'api_operation_status_success';
  emu.faults.unknownStatus = 1;
  const s = await runCli(['status', id, '--json'], { cwd: FIXTURES, env: envFor(emu) });
  assert.equal(s.code, 0, s.stderr);
  const doc = JSON.parse(s.stdout) as { state: string; apiStatus: string };
  assert.equal(doc.apiStatus, 'api_operation_status_success');
  assert.equal(doc.state, 'success');
  assert.equal(extension.stateFromApiStatus(doc.apiStatus), doc.state);
});

const durationTable: [ms: number, text: string][] = [
  [0, '0 ms'],
  [250, '250 ms'],
  [999.4, '999 ms'],
  [2500, '2.5 s'],
  [59_949, '59.9 s'],
  [60_000, '1 min 00 s'],
  [90_000, '1 min 30 s'],
  [125_000, '2 min 05 s'],
  [3_600_000, '60 min 00 s'],
];

test('durations: the Requests view, the status bar and the results page say the same words', () => {
  for (const [ms, text] of durationTable) {
    assert.equal(extension.formatDuration(ms), text, `tree: ${ms}`);
    assert.equal(service.formatDuration(ms), text, `results page: ${ms}`);
    const label = extension.runLabel({
      id: 'a',
      profile: 'p',
      statement: 'SHOW FLOWS',
      title: '',
      state: 'success',
      submittedAt: 0,
      endedAt: ms,
      updatedAt: 0,
    });
    assert.equal(label.description, `success · ${text}`);
  }
});

test('the results page keeps no copy of the status prefix or the time helpers', () => {
  const dir = join(ROOT, 'client', 'src', 'results', 'webview');
  const sources = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => [f, readFileSync(join(dir, f), 'utf8')] as const);
  for (const [file, text] of sources) {
    assert.doesNotMatch(text, /API_OPERATION_STATUS_/, `${file} spells the status prefix itself`);
    assert.doesNotMatch(text, /getHours\(\)|toFixed\(1\)\} s/, `${file} formats times itself`);
  }
  assert.ok(
    sources.some(([, text]) => text.includes("service/src/timeText'")),
    'the page imports service/src/timeText',
  );
  assert.ok(
    sources.some(([, text]) => text.includes("service/src/runStatus'")),
    'the page imports service/src/runStatus',
  );
});
