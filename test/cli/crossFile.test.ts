// `svcsql lint --unresolved-references`: the workspace index across the linted files, as the editor
// builds it (test/fixtures/workspace/project: one file creates clusters, others name them).
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, runCli, tempDir } from './helpers';

const project = () => {
  const dir = tempDir();
  cpSync(join(ROOT, 'test', 'fixtures', 'workspace', 'project'), dir, {
    recursive: true,
    filter: (src) => !/[\\/](renamed|expect\.json)$/.test(src),
  });
  return dir;
};

test('lint reports references no linted file creates only when asked, as information', async () => {
  const cwd = project();
  const plain = await runCli(['lint', '.'], { cwd });
  assert.equal(plain.code, 0, plain.stdout + plain.stderr);
  assert.doesNotMatch(plain.stdout, /unresolved-reference/);

  const asked = await runCli(['lint', '--unresolved-references', '.'], { cwd });
  assert.equal(asked.code, 0, 'information never fails lint');
  const lines = asked.stdout.split('\n').filter((l) => l.includes('unresolved-reference'));
  assert.deepEqual(
    lines.map((l) => l.split(' ').slice(0, 3).join(' ')),
    ['flows/jobs.svcsql:7:32 information unresolved-reference', 'flows/orders.svcsql:4:14 information unresolved-reference'],
  );
  assert.match(lines[0]!, /cluster `elsewhere`/);
});

test('a name created in a file that is not linted stays unresolved; linted together it resolves', async () => {
  const cwd = project();
  const alone = await runCli(['lint', '--unresolved-references', '--format', 'json', 'flows/orders.svcsql'], { cwd });
  const codes = (out: string) =>
    (JSON.parse(out) as { files: { diagnostics: { code: string; line: number }[] }[] }).files.flatMap((f) =>
      f.diagnostics.filter((d) => d.code === 'unresolved-reference').map((d) => d.line),
    );
  assert.deepEqual(
    codes(alone.stdout),
    [2, 3, 4, 7, 8, 8, 10],
    'source, lake, database, cluster, both transformations, the cluster of ALTER FLOW',
  );
  const together = await runCli(['lint', '--unresolved-references', '--format', 'json', 'flows/orders.svcsql', 'infra'], { cwd });
  assert.deepEqual(codes(together.stdout), [4]);
});
