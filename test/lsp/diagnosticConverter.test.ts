// A diagnostic the core makes again only because its fix data's absolute offsets moved (an edit
// above it, its line unchanged) keeps its LSP form, the very object, so the message encoder reuses
// its JSON and the runs of the last publish around it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver/node';
import { diagnosticCodes, SvcSqlDocument } from '../../core/src/index';
import type { DiagnosticCodeSpec } from '../../core/src/diagnostics/codes';
import { DiagnosticConverter } from '../../server/src/lsp/diagnosticConverter';
import { encodeMessage, encoderWork } from '../../server/src/lsp/messageEncoder';

const ABOVE = Array.from({ length: 40 }, (_, i) => `ALTER OCU SET LIMIT = ${i + 1};`).join('\n') + '\n';

const publish = (uri: string, version: number, diagnostics: Diagnostic[]) =>
  encodeMessage({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri, version, diagnostics } } as never);

test('diagnostics re-made for their fix offsets only keep their LSP objects, and the publish joins no piece for them', () => {
  const spec = (diagnosticCodes as readonly DiagnosticCodeSpec[]).find((c) => c.code === 'dangling-set')!;
  // Forty of them: enough that the encoder keeps the last publish (messageEncoder.ts KEEP_FROM).
  const doc = new SvcSqlDocument(ABOVE + `${spec.example!};\n`.repeat(40));
  const out = new DiagnosticConverter(false);
  const before = doc.diagnostics();
  assert.ok(before.length >= 40, `${before.length} diagnostics`);
  assert.ok(
    before.every((d) => d.data?.insert !== undefined || d.data?.edits !== undefined),
    'fix data with absolute offsets',
  );
  const first = before.map(out.lsp);
  publish('file:///c.svcsql', 1, first);
  // A character typed above them: their offsets move, their lines do not.
  doc.update([{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' }]);
  const after = doc.diagnostics();
  assert.notEqual(after[0], before[0], 'the core made them again');
  assert.notDeepEqual(after[0]!.data, before[0]!.data, 'their fix data moved');
  const second = after.map(out.lsp);
  assert.ok(
    second.every((d, i) => d === first[i]),
    'the same LSP objects',
  );
  assert.deepEqual(
    second,
    after.map((d) => new DiagnosticConverter(false).lsp(d)),
    'equal to a fresh conversion',
  );
  assert.deepEqual(JSON.parse(publish('file:///c.svcsql', 2, second).toString()).params.diagnostics, JSON.parse(JSON.stringify(second)));
  assert.equal(encoderWork.pieces, 0, 'diagnostics joined piece by piece');
});
