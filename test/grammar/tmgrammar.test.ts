// Runs the TextMate grammar fixtures (test/grammar/*.svcsql) through vscode-tmgrammar-test,
// which tokenizes them with vscode-textmate + oniguruma exactly as VS Code does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Bundled to out/test/grammar/, so the repository root is three levels up.
const root = resolve(__dirname, '../../..');
const cli = join(root, 'node_modules/vscode-tmgrammar-test/dist/unit.js');
const grammar = 'syntaxes/svcsql.tmLanguage.json';

function runFixtures(pattern: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [cli, '--grammar', grammar, pattern], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

test('every assertion in test/grammar/*.svcsql holds', () => {
  const { status, output } = runFixtures('test/grammar/*.svcsql');
  assert.equal(status, 0, `vscode-tmgrammar-test failed:\n${output}`);
  // Guard against a glob that silently matches nothing or fewer files than we wrote.
  const passed = output.match(/run successfuly/g)?.length ?? 0;
  assert.ok(passed >= 5, `expected at least 5 fixture files to pass, saw ${passed}:\n${output}`);
});

// Negative control: the harness must report a wrong assertion, or the test above proves nothing.
test('a wrong assertion makes vscode-tmgrammar-test fail', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svcsql-tm-'));
  try {
    const fixture = join(dir, 'wrong.svcsql');
    writeFileSync(
      fixture,
      ['-- SYNTAX TEST "source.svcsql"', "CREATE FLOW f SOURCE = 'kafka'", '--<------ comment.line.double-dash.svcsql', ''].join('\n'),
    );
    const { status, output } = runFixtures(fixture);
    assert.notEqual(status, 0, `a wrong assertion passed:\n${output}`);
    assert.match(output, /missing required scopes: comment\.line\.double-dash\.svcsql/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
