// One rule, one place: the column of a service parse error. The service counts code points
// (docs/service-positions.md); the emulator answers so; the built CLI (`svcsql run --json`) and the
// extension (mapServiceError on the sent text) must both land on the character the core's own
// parser points at, after emoji and astral letters too.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { analyze, syntaxErrorsForService } from '../../core/src/index';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator';
import { mapServiceError } from '../../client/src/serviceDiagnostics';
import { codePointToUtf16, ServiceClient, utf16ToCodePoint } from '../../service/src/index';
import { envFor, runCli, tempDir } from '../cli/helpers';
import { connectionFor } from '../service/helpers';

/** File text and the 1-based number of the statement to run. */
const table: [file: string, statement: number][] = [
  ["DELETE FLOW x WITH '🙂🙂' = \n", 1],
  ["SHOW FLOWS; CREATE CLUSTER c WITH 'a' = '🙂', 'b' = ,\n", 2],
  ["-- 𝒳 first\nSHOW FLOWS;\nDELETE FLOW x\n  WITH '🙂' = 'é', )\n", 2],
  ["SHOW CLUSTERS; /* 🙂 */ DELETE FLOW y WITH 'k' = \n", 2],
];

let emu: RunningEmulator;
before(async () => {
  emu = await startEmulator({ pendingMs: 0 });
});
after(async () => {
  await emu.close();
});

test('code points ↔ UTF-16 units: both directions, clamped', () => {
  assert.equal(codePointToUtf16('🙂🙂x', 2), 4);
  assert.equal(utf16ToCodePoint('🙂🙂x', 4), 2);
  assert.equal(utf16ToCodePoint('🙂🙂x', 5), 3);
  assert.equal(utf16ToCodePoint('ab', 9), 2);
  for (const line of ['', 'abc', 'a🙂b𝒳c', '🙂🙂🙂'])
    for (let cp = 0; cp <= [...line].length; cp++) assert.equal(utf16ToCodePoint(line, codePointToUtf16(line, cp)), cp, `${line} ${cp}`);
});

test('a parse error after astral characters: the CLI and the extension point at the same character as the core', async () => {
  const dir = tempDir();
  const client = new ServiceClient(connectionFor(emu), { userAgent: 'svcsql-tests' });
  for (const [i, [text, n]] of table.entries()) {
    const file = join(dir, `row${i}.svcsql`);
    writeFileSync(file, text);
    const s = analyze(text).statements[n - 1]!;
    const own = syntaxErrorsForService(s.sendText)[0];
    assert.ok(own, `row ${i}: the core finds no error in ${JSON.stringify(s.sendText)}`);
    const expected = {
      line: s.range.start.line + own.line - 1,
      character: own.column + (own.line === 1 ? s.range.start.character : 0),
    };

    const cli = await runCli(['run', file, '--statement', String(n), '--force', '--json'], { env: envFor(emu) });
    const err = (JSON.parse(cli.stdout) as { results: { error?: { kind: string; line?: number; column?: number } }[] }).results[0]!.error;
    assert.equal(err?.kind, 'parse', `row ${i}: ${cli.stderr}`);
    assert.deepEqual({ line: err.line! - 1, character: err.column! - 1 }, expected, `CLI, row ${i}`);

    const result = await client.run(s.sendText);
    assert.equal(result.error?.kind, 'parse');
    const mapped = mapServiceError(result.error, { range: s.range, text: s.sendText });
    assert.deepEqual(mapped?.range.start, expected, `extension, row ${i}`);
  }
});
