// The e2e setup's installs must not inherit the calling npm's variables (code-server's postinstall
// reads the Node version from npm_config_user_agent). This runs the same drop_npm_env that setup.sh
// uses, under a real `npm run`, and reads the environment an inner command would get.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const helper = resolve('test/e2e/lib/npm-env.sh');

function envUnderNpmRun(script: string): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'svcsql-npm-env-'));
  try {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'probe', private: true, scripts: { probe: script } }));
    const r = spawnSync('npm', ['run', '--silent', 'probe'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 0, r.stderr);
    const env: Record<string, string> = {};
    for (const line of r.stdout.split('\0')) {
      const eq = line.indexOf('=');
      if (eq > 0) env[line.slice(0, eq).trim()] = line.slice(eq + 1);
    }
    return env;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const npmVars = (env: Record<string, string>) => Object.keys(env).filter((k) => /^(npm_|NPM_)|^INIT_CWD$/.test(k));

test('npm run exports npm_config_user_agent (the variable that broke the inner install)', () => {
  const env = envUnderNpmRun('env -0');
  assert.match(env['npm_config_user_agent'] ?? '', /node\/v\d+/);
});

test('drop_npm_env leaves an inner install no npm_* variable of the outer npm run', () => {
  const env = envUnderNpmRun(`bash -c '. "${helper}" && drop_npm_env && env -0'`);
  assert.deepEqual(npmVars(env), []);
  assert.ok(env['PATH'], 'the rest of the environment is kept');
});
