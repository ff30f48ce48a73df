// The CLI's unit tests under Node 24, the Node that setup.sh installs for code-server (CI runs this
// after the end-to-end suites: `npm run test:cli:node24`). Users run the CLI on the Node they have,
// and the CLI chooses its V8 flags by V8 version (cli/src/launch/v8Flags.ts).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { locateTools, repoRoot } from './lib/paths';

const { node } = locateTools();
const run = spawnSync(node, [join(repoRoot, 'scripts', 'test.mjs'), join(repoRoot, 'out', 'test', 'cli')], {
  cwd: repoRoot,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
