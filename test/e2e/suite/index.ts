// Entry of the in-extension-host suite (the `extensionTestsPath` module): VS Code calls run() inside
// the extension host, in code-server (payload URL) or in desktop VS Code (@vscode/test-electron).
// It runs every out/test-e2e/suite/*.test.js with mocha and, when $SVCSQL_E2E_RESULTS names a file,
// writes each result there as it lands, so that a runner sees partial results even after a hang.
import type MochaType from 'mocha';
import { readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { marks } from '../host/marks';
import { onlySuites } from '../lib/onlySuites';
import type { TestResult } from '../lib/results';

// mocha is loaded from the repo's node_modules at run time rather than bundled: its parallel mode
// resolves worker files by path, which a bundle cannot hold.
const Mocha = createRequire(__filename)('mocha') as typeof MochaType;

export function run(): Promise<void> {
  const only = onlySuites();
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: 'spec' });
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .filter((f) => (only.length ? only.includes(f.replace(/\.test\.js$/, '')) : !f.startsWith('figures')))
    .sort();
  for (const f of files) mocha.addFile(join(__dirname, f));

  const resultsFile = process.env.SVCSQL_E2E_RESULTS;
  const results: TestResult[] = [];
  const flush = (done: boolean): void => {
    if (resultsFile) writeFileSync(resultsFile, JSON.stringify({ results, marks, done }, null, 1));
  };
  flush(false);

  return new Promise((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        flush(true);
        if (failures > 0) reject(new Error(`${failures} test(s) failed`));
        else resolve();
      });
      const suiteOf = (t: MochaType.Runnable): string => t.parent?.fullTitle() || 'host';
      runner.on('pass', (t) => {
        results.push({ suite: suiteOf(t), title: t.title, ok: true, ms: t.duration ?? 0 });
        flush(false);
      });
      runner.on('fail', (t, err: Error) => {
        results.push({ suite: suiteOf(t), title: t.title, ok: false, ms: t.duration ?? 0, error: err.stack ?? err.message });
        flush(false);
      });
      runner.on('pending', (t) => {
        results.push({ suite: suiteOf(t), title: t.title, ok: true, ms: 0, skipped: true });
        flush(false);
      });
    } catch (e) {
      flush(true);
      reject(e);
    }
  });
}
