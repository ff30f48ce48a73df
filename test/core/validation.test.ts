// Validation against the fixture corpora: valid statements give no error and no warning;
// each invalid case gives exactly its expected diagnostics, at exact UTF-16 ranges.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, catalog } from '../../core/src/index';
import { invalidCases, key, validFiles } from './fixtures';

test('every catalog example is valid: one statement of its kind, no diagnostics at all', () => {
  for (const spec of catalog.statements) {
    const a = analyze(spec.example);
    assert.deepEqual(
      a.statements.map((s) => s.kind),
      [spec.id],
      spec.example,
    );
    assert.deepEqual(
      a.diagnostics.map((d) => `${key(d)} ${d.message}`),
      [],
      spec.example,
    );
  }
});

test('valid corpus: no errors, no warnings; information only where the fixture says so', () => {
  const files = validFiles();
  assert.ok(files.length >= 4, 'the valid corpus is there');
  let statements = 0;
  const heads = new Set<string>();
  for (const file of files) {
    const lines = file.text.split(/\r?\n/);
    const a = analyze(file.text);
    statements += a.statements.length;
    for (const s of a.statements) {
      assert.notEqual(s.kind, 'unknown', `${file.name}: statement at line ${s.range.start.line + 1} is known`);
      heads.add(s.kind);
    }
    for (const d of a.diagnostics) {
      const where = `${file.name}:${d.range.start.line + 1}: ${key(d)} ${d.message}`;
      assert.equal(d.severity, 'information', where);
      // An allowed information carries `-- info: code` on its line or the line before.
      const marked = [lines[d.range.start.line], lines[d.range.start.line - 1]].some((l) => l?.includes(`-- info: ${d.code}`));
      assert.ok(marked, `unexpected information: ${where}`);
    }
  }
  // Every statement of the catalog appears in the corpus, not only in its example.
  const missing = catalog.statements.map((s) => s.id).filter((id) => !heads.has(id));
  assert.deepEqual(missing, []);
  assert.ok(statements >= 100, `${statements} statements`);
});

test('valid corpus: statements are split where the fixtures separate them', () => {
  const layout = validFiles().find((f) => f.name === 'layout.svcsql')!;
  const a = analyze(layout.text);
  assert.deepEqual(
    a.statements.map((s) => s.title),
    [
      'CREATE CLUSTER',
      'ALTER OCU',
      'RUN JOB',
      'SHOW LAKES',
      'SHOW FLOWS',
      'SHOW CLUSTERS',
      'DESCRIBE JOB_RUN',
      'CANCEL JOB_RUN',
      'ALTER FLOW',
      'ALTER FLOW',
      'CREATE TRANSFORMATION',
      'CREATE JOB',
    ],
  );
});

for (const c of invalidCases()) {
  test(`invalid: ${c.name}`, () => {
    const a = analyze(c.text.join('\n'));
    assert.deepEqual(a.diagnostics.map(key).sort(), [...c.expect].sort());
    for (const d of a.diagnostics) {
      assert.equal(d.source, 'svcsql');
      assert.ok(d.message.length > 15 && /[.?)]$/.test(d.message), `a sentence: ${d.message}`);
    }
  });
}

test('invalid corpus covers every rule, syntax codes included', () => {
  const codes = new Set(invalidCases().flatMap((c) => c.expect.map((e) => e.split(' ')[1]!)));
  const wanted = [
    'unknown-statement',
    'missing-name',
    'name-not-backticked',
    'unknown-clause',
    'clause-form',
    'missing-clause',
    'duplicate-clause',
    'clause-order',
    'quoted-integer',
    'expected-integer',
    'expected-string',
    'expected-list',
    'list-for-scalar',
    'expected-name',
    'expected-groups',
    'unknown-group-key',
    'missing-group-key',
    'duplicate-group-key',
    'unknown-enum-value',
    'enum-quoting',
    'invalid-boolean',
    'unquoted-boolean',
    'unknown-list-value',
    'missing-keyword-value',
    'several-set-actions',
    'missing-set-action',
    'missing-set',
    'dangling-set',
    'extra-set',
    'empty-set',
    'stray-words',
    'unknown-with-key',
    'duplicate-with-key',
    'unexpected-with',
    'duplicate-with',
    'missing-with',
    'unquoted-with-key',
    'unquoted-with-value',
    'unknown-with-value',
    'missing-with-key',
    'undocumented-spelling',
    'inapplicable-value',
    'path-end',
    'unterminated-string',
    'unterminated-name',
    'unterminated-comment',
    'missing-equals',
    'missing-value',
    'unbalanced-parenthesis',
    'unexpected-token',
    'unexpected-character',
  ];
  assert.deepEqual(
    wanted.filter((w) => !codes.has(w)),
    [],
  );
});

test('columns are UTF-16 units: an emoji before the error counts twice', () => {
  const line = "CREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('🚀') CLUSTER = 42";
  const [d] = analyze(line).diagnostics;
  assert.equal(d?.code, 'expected-string');
  assert.equal(d.range.start.character, line.indexOf('42'));
  assert.equal([...line.slice(0, line.indexOf('42'))].length, line.indexOf('42') - 1, 'the code-point column is one less');
});

test('messages in plain words, with the certainty when the syntax is guessed', () => {
  const [minutes] = analyze("ALTER FLOW f SET MIN_SYNC_FREQUENCY_MINS = '5'").diagnostics;
  assert.equal(minutes?.message, "MIN_SYNC_FREQUENCY_MINS takes a whole number of minutes, not a quoted string: write 5, not '5'.");
  const [guessed] = analyze("ALTER SERVICE IN TABLE t LAKE = 'l' DATABASE = 'd' SERVICE = 'CLEAN' ENABLED = 'maybe'").diagnostics;
  assert.equal(guessed?.severity, 'information'); // table services are known by their arguments only
  assert.match(guessed!.message, /the syntax of ALTER SERVICE IN TABLE is guessed; the service may accept it/);
  const [head] = analyze('CRATE FLOW f').diagnostics;
  assert.equal(head?.severity, 'warning');
  assert.equal(head?.data?.replacement, 'CREATE FLOW');
});

test('data for fixes: replacements, insert text at the right place', () => {
  const d = (text: string, code: string) => analyze(text).diagnostics.find((x) => x.code === code);
  assert.equal(d("ALTER OCU SET LIMIT = '3'", 'quoted-integer')?.data?.replacement, '3');
  assert.equal(d("ALTER FLOW f SET VALIDATIONS = 'schemavalidation'", 'expected-list')?.data?.replacement, "('schemavalidation')");
  assert.equal(d("CREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('a') CLUSTER = etl", 'expected-string')?.data?.replacement, "'etl'");
  assert.equal(d("CREATE FLOW f SOURCE = 's' LAKES = 'l'", 'unknown-clause')?.data?.replacement, 'LAKE');
  assert.equal(d("CREATE JOB j TYPE = 'python' PARAMETERS = ('a') CLUSTER = 'c'", 'unknown-enum-value')?.data?.replacement, "'PYTHON'");
  assert.equal(d('SHOW FLOW', 'unknown-statement')?.data?.replacement, 'SHOW FLOWS');
  assert.equal(d('ALTER FLOW f SET QUARANTINE_ENABLED = true', 'unquoted-boolean')?.data?.replacement, "'true'");
  // Statement-relative offsets become absolute ones in the document.
  const text = "SHOW LAKES\n\nCREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('a')";
  const missing = d(text, 'missing-clause');
  assert.deepEqual(missing?.data?.insert, { offset: text.length, text: " CLUSTER = 'cluster'" });
});

test('messages name the head as written: CREATE STREAM CAPTURE is not called CREATE FLOW', () => {
  const capture = analyze("create stream capture f SOURCE = 's' TABLE_NAME = 't'").diagnostics.filter((d) => d.code === 'missing-clause');
  assert.ok(capture.length > 0);
  for (const d of capture) {
    assert.match(d.message, /^CREATE STREAM CAPTURE needs /);
    assert.doesNotMatch(d.message, /CREATE FLOW/);
  }
  const [several] = analyze("ALTER STREAM CAPTURE f SET STATE = PAUSE SET CLUSTER = 'c'").diagnostics;
  assert.equal(several?.code, 'several-set-actions');
  assert.match(several!.message, /in its own ALTER STREAM CAPTURE statement/);
  const [guessed] = analyze("DESCRIBE STREAM CAPTURE f WITH 'a' = 'b'").diagnostics;
  assert.match(guessed!.message, /^DESCRIBE STREAM CAPTURE takes no WITH here \(the syntax of DESCRIBE STREAM CAPTURE is guessed/);
  // The newer head is named as written too.
  assert.match(analyze("CREATE FLOW f SOURCE = 's' TABLE_NAME = 't'").diagnostics[0]!.message, /^CREATE FLOW needs /);
});

test('an open string is not checked as a WITH value: the syntax error comes first', () => {
  const codes = analyze("CREATE TRANSFORMATION t TYPE = 'DATA_MASKING' WITH 'data_masking.type' = 'HASH").diagnostics.map((d) => d.code);
  assert.deepEqual(codes, ['unterminated-string']);
});
