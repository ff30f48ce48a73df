// The built emulator program: starts on --port 0, prints its URL, serves a run, stops on SIGTERM.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEMO_CREDENTIALS } from '../../emulator/src/options';
import { ServiceClient } from '../../service/src/index';
import { FAST_POLL } from './helpers';

const program = join(__dirname, '..', '..', 'emulator.js');

test('out/emulator.js --port 0 prints its URL, answers, and exits cleanly on SIGTERM', { timeout: 20_000 }, async () => {
  assert.ok(existsSync(program), `${program} is built`);
  const child = spawn(process.execPath, [program, '--port', '0', '--pending-ms', '50', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 10_000);
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m && out.includes('Ctrl+C')) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    assert.match(out, /apiSecret\s+demo-secret/); // demo credentials are printed
    const r = await new ServiceClient({ baseUrl: url, ...DEMO_CREDENTIALS }).run('SHOW FLOWS', { poll: FAST_POLL, timeoutMs: 5000 });
    assert.equal(r.state, 'success');
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    process.kill(child.pid!, 'SIGTERM');
    assert.equal(await exited, 0);
  } finally {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, 'SIGKILL');
  }
});
