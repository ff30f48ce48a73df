import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { SvcSqlDocument, formatDocumentEdits, formatRangeEdits, formatText, type FormatOptions } from '../../core/src/index';

// test/fixtures/format/NAME.svcsql is formatted and compared with NAME.expected.svcsql; a first line
// `-- format: {json}` gives the options. The expected text must be a fixed point (idempotence).
const dir = [join(__dirname, '../../../test/fixtures/format'), join(process.cwd(), 'test/fixtures/format')].find((d) => existsSync(d))!;
const inputs = readdirSync(dir).filter((f) => f.endsWith('.svcsql') && !f.endsWith('.expected.svcsql'));

function optionsOf(text: string): Partial<FormatOptions> {
  const m = /^-- format: (\{.*\})/.exec(text);
  return m ? (JSON.parse(m[1]!) as Partial<FormatOptions>) : {};
}

test('there are format fixtures, each with its expected text', () => {
  assert.ok(inputs.length >= 10, `${inputs.length} fixtures`);
  for (const f of inputs) assert.ok(existsSync(join(dir, f.replace(/\.svcsql$/, '.expected.svcsql'))), `${f} has no .expected.svcsql`);
});

for (const f of inputs) {
  test(`format fixture ${f}`, () => {
    const input = readFileSync(join(dir, f), 'utf8');
    const expected = readFileSync(join(dir, f.replace(/\.svcsql$/, '.expected.svcsql')), 'utf8');
    const options = optionsOf(input);
    assert.equal(formatText(input, options), expected);
    assert.equal(formatText(expected, options), expected, 'formatting the expected text changes it (not idempotent)');
  });
}

test('a CRLF file stays CRLF, and comments and strings keep their characters', () => {
  const input = "create job j type = 'PYTHON' -- note\r\nparameters = ('a',\r\n'b') cluster = 'c'\r\n/* two\r\nlines */\r\nshow flows\r\n";
  const out = formatText(input);
  assert.equal(
    out,
    "CREATE JOB j\r\n  TYPE = 'PYTHON' -- note\r\n  PARAMETERS = ('a', 'b')\r\n  CLUSTER = 'c';\r\n/* two\r\nlines */\r\nSHOW FLOWS\r\n".replace(
      ';\r\n/*',
      ';\r\n\r\n/*',
    ),
  );
  assert.equal(formatText(out), out);
});

test('an empty file, a file of blanks and a file of comments', () => {
  assert.equal(formatText(''), '');
  assert.equal(formatText(' \n\n\t\n'), '');
  assert.equal(formatText('\n\n-- only a comment   \n\n\n/* and another */'), '-- only a comment   \n\n/* and another */\n');
});

test('an unterminated string at the end of a statement gets no `;` after it (it would be inside the string)', () => {
  const input = "ALTER OCU SET LIMIT = 'x\nSHOW FLOWS";
  assert.equal(formatText(input), "ALTER OCU SET LIMIT = 'x\n\nSHOW FLOWS\n");
});

test('the options: indent size, tabs, line width', () => {
  const input = "create job j type = 'PYTHON' parameters = ('a', 'b') cluster = 'c'";
  assert.equal(formatText(input, { indentSize: 3 }), "CREATE JOB j\n   TYPE = 'PYTHON'\n   PARAMETERS = ('a', 'b')\n   CLUSTER = 'c'\n");
  assert.equal(formatText(input, { useTabs: true }), "CREATE JOB j\n\tTYPE = 'PYTHON'\n\tPARAMETERS = ('a', 'b')\n\tCLUSTER = 'c'\n");
  assert.equal(
    formatText(input, { lineWidth: 20 }),
    "CREATE JOB j\n  TYPE = 'PYTHON'\n  PARAMETERS = (\n    'a',\n    'b'\n  )\n  CLUSTER = 'c'\n",
  );
  // 2 + "PARAMETERS = ('a', 'b')".length = 25: the list fits in exactly 25 columns, not in 24.
  assert.match(formatText(input, { lineWidth: 25 }), /PARAMETERS = \('a', 'b'\)/);
  assert.match(formatText(input, { lineWidth: 24 }), /PARAMETERS = \(\n/);
});

test('document edits touch only the statements that change; applied, they give the formatted text', () => {
  const text = "SHOW FLOWS;\n\ncreate job j type = 'PYTHON' cluster = 'c';\n\nSHOW LAKES\n";
  const doc = new SvcSqlDocument(text);
  const edits = formatDocumentEdits(doc);
  assert.equal(edits.length, 1);
  assert.equal(text.slice(edits[0]!.span.start, edits[0]!.span.end), ";\n\ncreate job j type = 'PYTHON' cluster = 'c'");
  assert.equal(apply(text, edits), formatText(text));
  assert.deepEqual(formatDocumentEdits(new SvcSqlDocument(formatText(text))), []);
});

test('range edits format the whole statements the range touches, and nothing else', () => {
  const text = "show flows ; create job j type = 'PYTHON' cluster = 'c'\nalter ocu set limit = 3;\nshow   lakes";
  const doc = new SvcSqlDocument(text);
  // From inside the second statement to inside the third.
  const range = { start: text.indexOf("'PYTHON'"), end: text.indexOf('limit') };
  const edits = formatRangeEdits(doc, range);
  assert.equal(edits.length, 1);
  assert.equal(
    apply(text, edits),
    "show flows ; CREATE JOB j\n  TYPE = 'PYTHON'\n  CLUSTER = 'c';\n\nALTER OCU\n  SET LIMIT = 3;\nshow   lakes",
  );
  // A selection of whole lines (ending at column 0 of the next line) leaves the next statement alone.
  const lines = formatRangeEdits(doc, { start: text.indexOf('alter'), end: text.indexOf('show   lakes') });
  assert.equal(apply(text, lines), "show flows ; create job j type = 'PYTHON' cluster = 'c'\nALTER OCU\n  SET LIMIT = 3;\nshow   lakes");
  // A range between statements touches none; a caret in a statement touches it.
  assert.deepEqual(formatRangeEdits(doc, { start: text.length, end: text.length }).length, 1);
  assert.deepEqual(formatRangeEdits(new SvcSqlDocument('SHOW FLOWS\n\n\n'), { start: 12, end: 12 }), []);
});

function apply(text: string, edits: { span: { start: number; end: number }; newText: string }[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.span.start - a.span.start))
    out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
  return out;
}
