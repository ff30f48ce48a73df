import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnosticCodes, diagnosticCodeSpec, diagnosticHelpUri } from '../../core/src/diagnostics/codes';
import {
  codePointToUtf16,
  diagnosticHelpUri as diagnosticHelpUriOfClient,
  mapServiceError,
  SERVICE_PARSE_CODE,
  serviceParseHelpUri,
} from '../../client/src/serviceDiagnostics';
import { repository } from '../../package.json';
import { shiftSpan, touches } from '../../client/src/positions';
import type { Span } from '../../client/src/history';

// Statement starts at line 4, column 6 of the file ("    x;CREATE FLOW f WITH ...").
const range: Span = { start: { line: 4, character: 6 }, end: { line: 6, character: 10 } };
const text = 'CREATE FLOW f\n  WITH  X = 1,\n  Y =';

test('line 1 is offset by the statement start column', () => {
  const d = mapServiceError({ kind: 'parse', message: "mismatched input 'f'", line: 1, column: 12 }, { range, text });
  assert.deepEqual(d?.range, { start: { line: 4, character: 18 }, end: { line: 4, character: 19 } });
  assert.match(d!.message, /mismatched input/);
});

test('later lines are not offset; the range covers the token', () => {
  const d = mapServiceError({ kind: 'parse', message: 'no viable alternative', line: 2, column: 8 }, { range, text });
  assert.deepEqual(d?.range, { start: { line: 5, character: 8 }, end: { line: 5, character: 9 } });
  const w = mapServiceError({ kind: 'parse', message: 'x', line: 2, column: 2 }, { range, text });
  assert.deepEqual(w?.range, { start: { line: 5, character: 2 }, end: { line: 5, character: 6 } }, 'WITH');
});

test('columns count code points; positions count UTF-16 units', () => {
  assert.equal(codePointToUtf16('🙂🙂x', 2), 4);
  assert.equal(codePointToUtf16('ab', 9), 2);
  const d = mapServiceError(
    { kind: 'parse', message: 'x', line: 1, column: 7 },
    { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 9 } }, text: "SET '🙂' y" },
  );
  assert.deepEqual(d?.range.start, { line: 0, character: 8 });
});

test('a line past the text is clamped to its last line; end of line gives an empty range', () => {
  const d = mapServiceError({ kind: 'parse', message: 'eof', line: 9, column: 5 }, { range, text });
  assert.deepEqual(d?.range, { start: { line: 6, character: 5 }, end: { line: 6, character: 5 } });
});

test('parse error without a position marks the first line; other errors do not map', () => {
  const d = mapServiceError({ kind: 'parse', message: 'bad', expected: ['WITH', 'AS'] }, { range, text });
  assert.deepEqual(d?.range, { start: { line: 4, character: 6 }, end: { line: 4, character: 19 } });
  assert.equal(d?.message, 'bad (expected WITH, AS)');
  assert.equal(mapServiceError({ kind: 'auth', message: 'no', line: 1, column: 0 }, { range, text }), undefined);
  assert.equal(mapServiceError(undefined, { range, text }), undefined);
});

test('an edit touching the statement clears it; edits above move it; edits below do not', () => {
  const at = (l: number, c: number) => ({ line: l, character: c });
  assert.ok(touches(range, { start: at(5, 0), end: at(5, 1) }));
  assert.equal(shiftSpan(range, { range: { start: at(5, 3), end: at(5, 3) }, text: 'x' }), undefined);
  assert.equal(shiftSpan(range, { range: { start: at(4, 6), end: at(4, 6) }, text: 'x' }), undefined, 'typing at its start');
  assert.deepEqual(shiftSpan(range, { range: { start: at(1, 0), end: at(1, 0) }, text: 'a\nb\n' }), { start: at(6, 6), end: at(8, 10) });
  assert.deepEqual(
    shiftSpan(range, { range: { start: at(4, 0), end: at(4, 2) }, text: '' }),
    { start: at(4, 4), end: at(6, 10) },
    'same line, before',
  );
  assert.deepEqual(
    shiftSpan(range, { range: { start: at(2, 0), end: at(3, 0) }, text: '' }),
    { start: at(3, 6), end: at(5, 10) },
    'line deleted above',
  );
  assert.deepEqual(shiftSpan(range, { range: { start: at(7, 0), end: at(7, 0) }, text: 'zzz' }), range);
});

// The client cannot import the core: its link for the service's parse errors must be the registry's.
test("a service parse error's diagnostic links to the registry's entry, as the server's codes do", () => {
  assert.equal(diagnosticCodeSpec(SERVICE_PARSE_CODE)?.from, 'extension');
  const home = repository.url.replace(/\.git$/, '');
  for (const url of [repository.url, home, `${home}/`])
    assert.equal(serviceParseHelpUri(url), diagnosticHelpUri(SERVICE_PARSE_CODE, home), url);
  assert.match(serviceParseHelpUri(), /\/blob\/main\/docs\/diagnostics\.md#parse$/);
});

// The extension links the server's codes itself (client/src/diagnosticLinks.ts): every code's link
// must be the one the server would have sent.
test("the extension's link for each of the registry's codes is the server's", () => {
  const home = repository.url.replace(/\.git$/, '');
  assert.ok(diagnosticCodes.length > 20);
  for (const spec of diagnosticCodes) assert.equal(diagnosticHelpUriOfClient(spec.code), diagnosticHelpUri(spec.code, home), spec.code);
});
