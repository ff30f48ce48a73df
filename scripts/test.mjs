// Runs the unit tests (the *.test.js files under out/test/, or under the folder given) with
// node:test. The files are listed here rather than the folder passed: Node 20 finds the tests in a
// folder, Node 22 and later take files and patterns only (`node --test out/test/` fails there with
// "Cannot find module").
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'out/test';
const files = readdirSync(dir, { recursive: true })
  .filter((f) => f.endsWith('.test.js'))
  .map((f) => join(dir, f))
  .sort();
if (files.length === 0) {
  console.error(`no *.test.js under ${dir}: build first (npm run build)`);
  process.exit(1);
}
const run = spawnSync(process.execPath, ['--enable-source-maps', '--test', '--test-reporter=spec', ...files], { stdio: 'inherit' });
process.exit(run.status ?? 1);
