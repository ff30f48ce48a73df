// The demo runbook (examples/runbook.svcsqlnb) reads as a notebook and every code cell succeeds
// against the emulator, in order, as Run All sends them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { analyze } from '../../core/src/index';
import { parseNotebook, serializeNotebook } from '../../client/src/notebook/notebookFormat';
import { clientFor, FAST_POLL, withEmulator } from '../service/helpers';

const text = readFileSync('examples/runbook.svcsqlnb', 'utf8');

describe('demo runbook', () => {
  it('is in the format the serializer writes (no outputs)', () => {
    const nb = parseNotebook(text);
    assert.equal(serializeNotebook(nb, { outputs: false }), text);
    assert.ok(nb.cells.some((c) => c.kind === 'markdown') && nb.cells.some((c) => c.kind === 'code'));
  });

  it('runs cell by cell against the emulator, each statement without lint errors and successful', () =>
    withEmulator({}, async (emu) => {
      const client = clientFor(emu);
      const code = parseNotebook(text).cells.filter((c) => c.kind === 'code');
      for (const cell of code) {
        const a = analyze(cell.source);
        assert.deepEqual(
          a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
          [],
          cell.source,
        );
        for (const s of a.statements) {
          const r = await client.run(s.sendText, { poll: FAST_POLL });
          assert.equal(r.state, 'success', `${s.sendText}: ${r.error?.message ?? r.apiStatus}`);
        }
      }
    }));
});
