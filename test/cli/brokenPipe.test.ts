// A reader that goes away (`svcsql lint … | head`) ends the CLI quietly with 141 (128 + SIGPIPE):
// no unhandled 'error' event and its stack on stderr. The reader closes its end after the first
// chunk, while the CLI still has most of a large lint to write, through the direct descriptor
// writes (text) and through Node's stream (streamed JSON).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { EXIT } from '../../cli/src/exitCodes';
import { runCli, tempDir } from './helpers';

const file = join(tempDir(), 'many.svcsql');
writeFileSync(file, Array.from({ length: 20000 }, (_, i) => `CREATE CLUSTER c${i} TYPE = 'SPARK';\n`).join(''));

for (const format of ['text', 'json']) {
  test(`lint --format ${format} into a reader that closes after the first chunk stops quietly with 141`, async () => {
    let firstChunk = '';
    const r = await runCli(['lint', '--format', format, file], {
      timeoutMs: 60_000,
      onSpawn: (child) =>
        child.stdout!.once('data', (d: Buffer | string) => {
          firstChunk = String(d);
          child.stdout!.destroy();
        }),
    });
    assert.match(firstChunk, format === 'json' ? /"tool"/ : /MAX_OCU/, 'the CLI printed before the reader left');
    assert.equal(r.stderr, '', 'nothing on stderr: no EPIPE stack');
    assert.equal(r.code, EXIT.brokenPipe);
  });
}
