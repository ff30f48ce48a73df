// What a CLI run loads (cli/src/launch/): linting named files loads out/cli/main.js alone, through
// the code cache; the HTTP client, the result table and the folder walker are in bundles of their
// own, loaded by the commands that use them. Counts of work, not time (timing is `npm run bench`).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FIXTURES, ROOT, runCli, tempDir } from './helpers';

interface Loaded {
  file: string;
  cache: string;
}

async function loads(args: string[], cacheDir: string, cwd = FIXTURES): Promise<{ loaded: Loaded[]; code: number | null }> {
  const r = await runCli(args, { cwd, env: { SVCSQL_CACHE_DIR: cacheDir, SVCSQL_CODE_CACHE_TRACE: '1' } });
  const line = /svcsql: bundles (\[.*\])/.exec(r.stderr);
  assert.ok(line, `trace line in: ${r.stderr}`);
  const loaded = (JSON.parse(line[1]!) as Loaded[]).map((l) => ({
    file: l.file.slice(join(ROOT, 'out', 'cli').length + 1),
    cache: l.cache,
  }));
  return { loaded, code: r.code };
}

test('lint of a named file loads main.js only; the second run takes its code from the cache', async () => {
  const cache = tempDir();
  const first = await loads(['lint', 'errors/bad.svcsql'], cache);
  assert.deepEqual(first.loaded, [{ file: 'main.js', cache: 'miss' }]);
  assert.equal(first.code, 1);
  const entries = readdirSync(join(cache, 'code-cache'));
  assert.equal(entries.length, 1, 'one cache entry, written at exit');
  assert.match(entries[0]!, /^main-[0-9a-f]{16}-v\d+\.\d+\.\d+-\w+\.bin$/);
  const second = await loads(['lint', 'errors/bad.svcsql'], cache);
  assert.deepEqual(second.loaded, [{ file: 'main.js', cache: 'hit' }]);
});

test('a damaged cache entry is refused by V8 and rewritten; the run is unaffected', async () => {
  const cache = tempDir();
  await loads(['lint', 'clean/ok.svcsql'], cache);
  const entry = join(cache, 'code-cache', readdirSync(join(cache, 'code-cache'))[0]!);
  writeFileSync(entry, Buffer.alloc(4096, 7));
  const damaged = await loads(['lint', 'clean/ok.svcsql'], cache);
  assert.deepEqual(damaged.loaded, [{ file: 'main.js', cache: 'rejected' }]);
  assert.equal(damaged.code, 0);
  const again = await loads(['lint', 'clean/ok.svcsql'], cache);
  assert.deepEqual(again.loaded, [{ file: 'main.js', cache: 'hit' }]);
});

test('a folder loads the walker; status loads the service bundle; SVCSQL_CODE_CACHE=0 runs without a cache', async () => {
  const cache = tempDir();
  assert.deepEqual(
    (await loads(['lint', 'clean'], cache)).loaded.map((l) => l.file),
    ['main.js', 'walk.js'],
  );
  assert.deepEqual(
    (await loads(['status', 'some-id'], cache)).loaded.map((l) => l.file),
    ['main.js', 'run.js'],
  );
  const r = await runCli(['lint', 'clean/ok.svcsql'], {
    cwd: FIXTURES,
    env: { SVCSQL_CACHE_DIR: cache, SVCSQL_CODE_CACHE: '0', SVCSQL_CODE_CACHE_TRACE: '1' },
  });
  assert.match(r.stderr, /"cache":"off"/);
});

test('main.js holds no HTTP client, result table or folder walker', () => {
  const main = readFileSync(join(ROOT, 'out', 'cli', 'main.js'), 'utf8');
  const run = readFileSync(join(ROOT, 'out', 'cli', 'run.js'), 'utf8');
  const walk = readFileSync(join(ROOT, 'out', 'cli', 'walk.js'), 'utf8');
  // Names kept by the minifier (keepNames): classes and functions of those modules.
  for (const name of ['"ServiceClient"', '"renderResultText"', '"watchInterrupt"']) {
    assert.ok(run.includes(name), `run.js has ${name}`);
    assert.ok(!main.includes(name), `main.js has no ${name}`);
  }
  assert.ok(walk.includes('"walkFolder"') && !main.includes('"walkFolder"'), 'the walker is in walk.js only');
  assert.ok(!main.includes('fast-glob') && !main.includes('"globby"'), 'globby is not in main.js');
});
