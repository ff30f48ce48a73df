// Diagnostics go out without the core's fix data: a quick fix is found again in the document. Over
// the built server: every code the registry marks as having a quick fix gets the core's very
// actions, after edits above it too; a keystroke far away leaves a diagnostic's JSON byte for byte;
// the docs link and the message stay.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CodeActionRequest, type CodeAction, type Command, type Diagnostic } from 'vscode-languageserver-protocol/node';
import { codeActions, diagnosticCodes, SvcSqlDocument } from '../../core/src/index';
import type { DiagnosticCodeSpec } from '../../core/src/diagnostics/codes';
import { LspClient, useLspClient } from './lspClient';

const client = useLspClient();

const ABOVE = Array.from({ length: 30 }, (_, i) => `ALTER OCU SET LIMIT = ${i + 1};`).join('\n') + '\n';

const described = (actions: (CodeAction | Command)[] | null, uri: string) =>
  (actions ?? []).map((a) => ('edit' in a ? { title: a.title, edits: a.edit?.changes?.[uri] } : { title: a.title }));

test('every code with a quick fix gets the core’s actions from diagnostics published without data, after edits above them', async () => {
  const fixable = (diagnosticCodes as readonly DiagnosticCodeSpec[]).filter((c) => c.quickFix && c.example);
  const fixed: string[] = [];
  const unfixed: string[] = [];
  assert.ok(fixable.length >= 10, `${fixable.length} codes with a quick fix and an example`);
  for (const spec of fixable) {
    const uri = `file:///fix-${spec.code}.svcsql`;
    const published = await client.open(uri, ABOVE + spec.example!);
    // A character typed on every line above, one edit at a time: offsets after them move, lines do not.
    let edited: Diagnostic[] = published;
    for (let line = 0; line < 30; line += 10) {
      edited = await client.change(uri, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: ' ' }]);
    }
    const text = ABOVE.split('\n')
      .map((l, i) => (i < 30 && i % 10 === 0 ? ` ${l}` : l))
      .join('\n');
    const doc = new SvcSqlDocument(text + spec.example!);
    const ours = edited.filter((d) => d.code === spec.code);
    assert.ok(ours.length > 0, `${spec.code}: published (${JSON.stringify(edited.map((d) => d.code))})`);
    for (const d of ours) {
      assert.equal('data' in d, false, `${spec.code}: no data on the wire`);
      assert.match(String(d.codeDescription?.href), new RegExp(`/docs/diagnostics\\.md#${spec.code}$`), `${spec.code}: the docs link`);
      const core = doc
        .diagnostics()
        .find((x) => x.code === d.code && x.message === d.message && JSON.stringify(x.range) === JSON.stringify(d.range));
      assert.ok(core, `${spec.code}: the core has it`);
      const expected = codeActions(doc, d.range, [core]).map((a) => ({ title: a.title, edits: a.edits }));
      const got = await client.connection.sendRequest(CodeActionRequest.type, {
        textDocument: { uri },
        range: d.range,
        context: { diagnostics: [d] },
      });
      (expected.length > 0 ? fixed : unfixed).push(spec.code);
      assert.deepEqual(described(got, uri), expected, `${spec.code}: the server's actions`);
    }
    await client.close(uri);
  }
  // Some examples show the diagnostic without the case its fix needs (a value too far from any to guess).
  assert.ok(fixed.length >= fixable.length - 3, `fixed: ${fixed.join(' ')}; not: ${unfixed.join(' ')}`);
});

test('a keystroke far from a diagnostic leaves its published JSON byte-identical', async () => {
  const uri = 'file:///far.svcsql';
  const tail = "CREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('a')\nALTER OCU SET LIMIT = '3'\n";
  const before = await client.open(uri, ABOVE + tail);
  const after = await client.change(uri, [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, text: 'x' }]);
  const far = (list: Diagnostic[]) => list.filter((d) => d.range.start.line >= 30).map((d) => JSON.stringify(d));
  assert.ok(far(before).length >= 2, JSON.stringify(before));
  assert.ok(
    before.some((d) => d.code === 'missing-clause'),
    'one whose fix inserts at an offset',
  );
  assert.deepEqual(far(after), far(before));
});

test('with diagnosticLinks: client (the extension links codes itself) no codeDescription is sent; the rest is the same', async () => {
  const linking = await LspClient.start({ diagnosticsDelayMs: 0, diagnosticLinks: 'client' });
  try {
    const text = "ALTER OCU SET LIMIT = '3'\nCREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('a')\n";
    const plain = await linking.open('file:///links.svcsql', text);
    const linked = await client.open('file:///links.svcsql', text);
    assert.ok(plain.length >= 2);
    assert.ok(plain.every((d) => d.codeDescription === undefined));
    assert.deepEqual(
      plain,
      linked.map(({ codeDescription: _, ...rest }) => rest),
    );
  } finally {
    await linking.stop();
  }
});
