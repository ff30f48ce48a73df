// SHOW and DESCRIBE results in text mode: `svcsql run` (the built CLI, a child process) against the
// emulator prints the response as an aligned table cut to the width, control characters escaped;
// --json is the response as it came.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator';
import { assertPlain, envFor, runCli, tempDir } from './helpers';

let emu: RunningEmulator;
let dir: string;
/** A cluster name with ESC (a colour), CSI (C1, clears a screen), a bidi override and HTML. */
const EVIL = 'e\x1b[31m\u009b\u202E<b>x</b>';

before(async () => {
  emu = await startEmulator({ pendingMs: 20 });
  dir = tempDir('svcsql-results-');
  writeFileSync(
    join(dir, 'create.svcsql'),
    `CREATE CLUSTER results_alpha TYPE = 'SPARK' MAX_OCU = 4 MIN_OCU = 1;\nCREATE CLUSTER \`${EVIL}\` TYPE = 'SPARK' MAX_OCU = 4 MIN_OCU = 1;\n`,
  );
  writeFileSync(join(dir, 'show.svcsql'), 'SHOW CLUSTERS;\n');
  writeFileSync(join(dir, 'describe.svcsql'), 'DESCRIBE CLUSTER results_alpha;\n');
  const r = await runCli(['run', 'create.svcsql', '--all', '--force'], { cwd: dir, env: envFor(emu) });
  assert.equal(r.code, 0, r.stderr);
});
after(async () => {
  await emu.close();
});

/** The table block of the output: from the header line ('#  name …') to the end of the rows. */
function tableBlock(stdout: string): string[] {
  const lines = stdout.split('\n');
  const head = lines.findIndex((l) => /^\s+#\s+name\s/.test(l));
  assert.ok(head > 0, `no table header in:\n${stdout}`);
  const end = lines.findIndex((l, i) => i > head && !/^\s+(\d+|-+)\s/.test(l));
  return lines.slice(head, end === -1 ? undefined : end);
}

/** The clusters the emulator holds (its seeds and the two created above), as --json gives them. */
async function clusterNames(): Promise<string[]> {
  const r = await runCli(['run', 'show.svcsql', '--json'], { cwd: dir, env: envFor(emu) });
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout) as { results: { apiResponse: { showClustersApiResponse: { clusters: { name: string }[] } } }[] };
  return doc.results[0]!.apiResponse.showClustersApiResponse.clusters.map((c) => c.name);
}

test("SHOW CLUSTERS prints the emulator's clusters as aligned columns, control characters escaped", async () => {
  const expected = await clusterNames();
  const r = await runCli(['run', 'show.svcsql'], { cwd: dir, env: envFor(emu) });
  assert.equal(r.code, 0, r.stderr);
  assertPlain(r.stdout); // no ESC, no \r
  assert.doesNotMatch(r.stdout, /[\u0080-\u009f\u202e]/);
  assert.match(r.stdout, new RegExp(`showClustersApiResponse\\.clusters \\(${expected.length} rows\\)`));
  const block = tableBlock(r.stdout);
  assert.equal(block.length, 2 + expected.length, block.join('\n'));
  // Aligned: the name column starts at the same place in the header and in every row.
  const at = block[0]!.indexOf('name');
  const names = block.slice(2).map((l) => l.slice(at).split(/\s{2,}/)[0]);
  const shown = expected.map((n) => (n === EVIL ? 'e\\x1b[31m\\x9b\\u202e<b>x</b>' : n));
  assert.deepEqual(names, shown);
  assert.ok(names.includes('results_alpha'));
});

test('the table is cut to $COLUMNS off a terminal, with … where it was cut', async () => {
  const expected = await clusterNames();
  const r = await runCli(['run', 'show.svcsql'], { cwd: dir, env: { ...envFor(emu), COLUMNS: '24' } });
  assert.equal(r.code, 0, r.stderr);
  const block = r.stdout.split('\n').filter((l) => /^\s+(#|-|\d)/.test(l));
  assert.equal(block.length, 2 + expected.length, r.stdout);
  for (const l of block) assert.ok([...l].length <= 24, `longer than 24: ${JSON.stringify(l)}`);
  assert.ok(block.some((l) => l.endsWith('…')));
});

test('DESCRIBE without a list prints the response as key/value pairs', async () => {
  const r = await runCli(['run', 'describe.svcsql'], { cwd: dir, env: envFor(emu) });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^\s+key\s+value$/m);
  assert.match(r.stdout, /^\s+describeClusterApiResponse\.cluster\.name\s+results_alpha$/m);
  assert.match(r.stdout, /^\s+describeClusterApiResponse\.cluster\.status\s+ACTIVE$/m);
});

test('--json is unchanged: the response as it came, the control characters in its strings', async () => {
  const r = await runCli(['run', 'show.svcsql', '--json'], { cwd: dir, env: envFor(emu) });
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout) as { results: { apiResponse: { showClustersApiResponse: { clusters: { name: string }[] } } }[] };
  const names = doc.results[0]!.apiResponse.showClustersApiResponse.clusters.map((c) => c.name);
  assert.ok(names.includes('results_alpha') && names.includes(EVIL), JSON.stringify(names));
});
