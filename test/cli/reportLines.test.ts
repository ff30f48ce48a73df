// The report's lines of many diagnostics (text, GitHub, JSON): each message written as it was
// before its writing was kept for the next lines (recentStrings), whatever the order of messages
// that repeat; a message with line breaks written on one line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CoreDiagnostic } from '../../core/src/index';
import { escapeData, githubLines } from '../../cli/src/reportFormats/github';
import { jsonDiagnostic, jsonDiagnosticText } from '../../cli/src/reportFormats/json';
import { nested } from '../../cli/src/reportFormats/jsonLayout';
import { oneLine, textLines } from '../../cli/src/reportFormats/text';
import { escapeControls, safeJson } from '../../service/src/safeText';
import { colorsFor } from '../../cli/src/output';

/** No colours (colorsFor with colours not allowed). */
const NO_COLORS = colorsFor(1, false);

const MESSAGES = [
  'CREATE ALKE is not a statement the editor knows; did you mean CREATE LAKE?',
  'two\nlines,  \r\n  indented ',
  '  spaced at both ends  ',
  'a bell \u0007 and an escape \u001b[2J',
  '100% sure, with: a colon',
  '',
];

function diagnostic(line: number, message: string): CoreDiagnostic {
  return {
    range: { start: { line, character: 0 }, end: { line, character: 4 } },
    severity: line % 3 === 0 ? 'error' : 'warning',
    code: line % 2 ? 'unknown-statement' : 'missing-clause',
    message,
    source: 'svcsql',
  };
}

/** Messages repeating next to each other, in turn with up to six others, and new ones. */
function diagnostics(): CoreDiagnostic[] {
  const out: CoreDiagnostic[] = [];
  for (let i = 0; i < 300; i++) {
    const pick = i < 100 ? MESSAGES[Math.floor(i / 10) % MESSAGES.length]! : i < 200 ? MESSAGES[i % MESSAGES.length]! : `value ${i} is new`;
    out.push(diagnostic(i, pick));
  }
  return out;
}

test('oneLine: a message with line breaks on one line, one without them trimmed', () => {
  const pattern = (text: string) => text.replace(/\s*\r?\n\s*/g, ' ').trim();
  for (const m of [...MESSAGES, '\n', 'end\n', '\r\nstart', 'a\n\n\nb', 'tab\tinside', '\t lead and trail \t']) {
    assert.equal(oneLine(m), pattern(m), JSON.stringify(m));
  }
  assert.equal(oneLine('two\nlines,  \r\n  indented '), 'two lines, indented');
});

test('text lines: each message as oneLine and escapeControls make it', () => {
  const list = diagnostics();
  const lines = textLines('f.svcsql', list, NO_COLORS).split('\n');
  assert.equal(lines.length, list.length + 1);
  list.forEach((d, i) => assert.ok(lines[i]!.endsWith(` ${d.code} ${escapeControls(oneLine(d.message))}`), `line ${i}: ${lines[i]}`));
});

test('GitHub lines: each message escaped as escapeData makes it', () => {
  const list = diagnostics();
  const lines = githubLines('f.svcsql', list).split('\n');
  assert.equal(lines.length, list.length + 1);
  list.forEach((d, i) => {
    assert.ok(lines[i]!.endsWith(`::${escapeData(d.message)}`), `line ${i}: ${lines[i]}`);
    assert.ok(lines[i]!.includes(`title=svcsql ${d.code}::`), `line ${i}: ${lines[i]}`);
  });
});

test('JSON: each diagnostic written as JSON.stringify lays it out', () => {
  for (const d of diagnostics()) assert.equal(jsonDiagnosticText(d), safeJson(nested(jsonDiagnostic(d), 4)));
});
