// The inputs the workspace index's differential tests compare two paths on: a slice of the
// benchmark's generated workspace, the analysis corpus, the example files and every fixture.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCorpus } from '../../bench/corpus';
import { writeWorkspace } from '../../bench/workspaceCorpus';
import { fixturesDir, svcsqlFiles } from './fixtures';

const examplesDir = join(fixturesDir, '..', '..', 'examples');

/** name → text of every input; the analysis corpus holds `statements` statements. */
export function indexInputs(statements: number): Map<string, string> {
  const out = new Map<string, string>();
  const dir = mkdtempSync(join(tmpdir(), 'svcsql-index-inputs-'));
  try {
    writeWorkspace(dir, 60);
    for (const p of svcsqlFiles(dir)) out.set(`workspace corpus ${p.slice(dir.length)}`, readFileSync(p, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  out.set(`analysis corpus (${statements} statements)`, buildCorpus(statements, 7));
  for (const p of [...svcsqlFiles(examplesDir), ...svcsqlFiles(fixturesDir)]) out.set(p, readFileSync(p, 'utf8'));
  return out;
}
