import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { SERVER_ENV_OVERRIDES, serverEnv } from '../../protocol/src/serverProcess';

// What a Node child started with an environment sees of two variables: one the server runs without,
// one it keeps.
const PRINT_ENV = 'process.stdout.write(JSON.stringify([process.env.NODE_EXTRA_CA_CERTS ?? null, process.env.SVCSQL_KEPT ?? null]))';
const seen = (env: Record<string, string | undefined>): unknown =>
  JSON.parse(execFileSync(process.execPath, ['-e', PRINT_ENV], { env: env as NodeJS.ProcessEnv, encoding: 'utf8' }));
const inherited = { ...process.env, NODE_EXTRA_CA_CERTS: '/nowhere/ca.pem', SVCSQL_KEPT: 'kept' };

test('the server starts without NODE_EXTRA_CA_CERTS and with the rest of the environment (the benchmark: serverEnv)', () => {
  assert.deepEqual(seen(inherited), ['/nowhere/ca.pem', 'kept'], 'the check itself sees the variable when it is passed');
  assert.deepEqual(seen(serverEnv(inherited)), [null, 'kept']);
});

test('the same when the overrides are laid over the environment, as the language client does with `env` (the extension)', () => {
  const laidOver: Record<string, string | undefined> = Object.assign(Object.create(null) as object, inherited);
  for (const [key, value] of Object.entries(SERVER_ENV_OVERRIDES)) laidOver[key] = value;
  assert.deepEqual(seen(laidOver), [null, 'kept']);
});
