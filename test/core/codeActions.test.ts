// Quick fixes: each fix applied to the text removes its diagnostic and brings no new error;
// the main fixes give exactly the expected text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SvcSqlDocument, analyze, codeActions, type CoreCodeAction, type CoreDiagnostic, type Range } from '../../core/src/index';
import { applyEdits, counts, invalidCases, key } from './fixtures';

const touches = (d: CoreDiagnostic, r: Range) =>
  !(d.range.end.line < r.start.line || (d.range.end.line === r.start.line && d.range.end.character < r.start.character)) &&
  !(r.end.line < d.range.start.line || (r.end.line === d.range.start.line && r.end.character < d.range.start.character));

/** The actions an editor would get for the diagnostic's range, given the diagnostics there. */
function actionsAt(doc: SvcSqlDocument, d: CoreDiagnostic): CoreCodeAction[] {
  const here = doc.analysis().diagnostics.filter((x) => touches(x, d.range));
  return codeActions(doc, d.range, here);
}

function fixOnce(text: string, code: string, pick: (a: CoreCodeAction) => boolean = () => true): { text: string; action: CoreCodeAction } {
  const doc = new SvcSqlDocument(text);
  const d = doc.analysis().diagnostics.find((x) => x.code === code);
  assert.ok(d, `a ${code} diagnostic in ${JSON.stringify(text)}`);
  const action = actionsAt(doc, d).find((a) => a.diagnostics.some((x) => x.code === code) && pick(a));
  assert.ok(action, `a fix for ${code}`);
  return { text: applyEdits(text, action.edits), action };
}

test('every fix of the invalid corpus removes its diagnostics and adds no error', () => {
  let applied = 0;
  for (const c of invalidCases()) {
    const text = c.text.join('\n');
    const doc = new SvcSqlDocument(text);
    const before = doc.analysis().diagnostics;
    for (const d of before.filter((x) => x.data)) {
      const actions = actionsAt(doc, d).filter((a) => a.diagnostics.some((x) => key(x) === key(d)));
      assert.ok(actions.length > 0, `${c.name}: ${key(d)} has a fix`);
      for (const action of actions) {
        const after = analyze(applyEdits(text, action.edits)).diagnostics;
        const where = `${c.name}: "${action.title}" for ${key(d)}`;
        const fixed = counts(action.diagnostics.map((x) => x.code));
        const was = counts(before.map((x) => x.code));
        const now = counts(after.map((x) => x.code));
        for (const [code, n] of fixed) assert.ok((now.get(code) ?? 0) <= (was.get(code) ?? 0) - n, `${where}: ${code} is gone`);
        const errorsBefore = counts(before.filter((x) => x.severity === 'error').map((x) => x.code));
        for (const [code, n] of counts(after.filter((x) => x.severity === 'error').map((x) => x.code))) {
          assert.ok(n <= (errorsBefore.get(code) ?? 0), `${where}: no new ${code} error (${after.map(key).join(', ')})`);
        }
        applied++;
      }
    }
  }
  assert.ok(applied >= 30, `${applied} fixes applied`);
});

test('unquote a quoted integer (the preferred fix)', () => {
  const { text, action } = fixOnce("ALTER OCU SET LIMIT = '3'", 'quoted-integer');
  assert.equal(text, 'ALTER OCU SET LIMIT = 3');
  assert.equal(action.isPreferred, true);
  assert.equal(action.kind, 'quickfix');
});

test('replace the head, an unknown clause, an enum value; quote a bare string', () => {
  assert.equal(fixOnce('crate flow f', 'unknown-statement').text, 'create flow f');
  assert.equal(fixOnce('SHOW FLOW', 'unknown-statement').text, 'SHOW FLOWS');
  assert.equal(fixOnce("CREATE FLOW f SOURCE = 's' LAKES = 'l'", 'unknown-clause').text, "CREATE FLOW f SOURCE = 's' LAKE = 'l'");
  assert.equal(
    fixOnce("CREATE JOB j TYPE = 'JRA' PARAMETERS = ('a') CLUSTER = 'c'", 'unknown-enum-value').text,
    "CREATE JOB j TYPE = 'JAR' PARAMETERS = ('a') CLUSTER = 'c'",
  );
  assert.equal(fixOnce('CREATE DATABASE sales LAKE = main_lake', 'expected-string').text, "CREATE DATABASE sales LAKE = 'main_lake'");
  assert.equal(fixOnce("ALTER FLOW f SET TRANSFORMATIONS = 'a'", 'expected-list').text, "ALTER FLOW f SET TRANSFORMATIONS = ('a')");
  assert.equal(fixOnce('SHOW POLICIES DIFF CATALOG = c FOR = SYNC', 'clause-form').text, 'SHOW POLICIES DIFF CATALOG = c FOR SYNC');
  assert.equal(fixOnce('ALTER FLOW f STATE = PAUSE', 'missing-set').text, 'ALTER FLOW f SET STATE = PAUSE');
});

test('one action inserts all missing clauses of a statement, in the catalog order, in its layout', () => {
  const text =
    "-- café ☕\nCREATE FLOW orders\n  SOURCE = 'kafka'\n  LAKE = 'main'\n  TABLE_NAME = 'orders'\n  WITH 'kafka.topic.name' = 'orders'";
  const all = fixOnce(text, 'missing-clause', (a) => a.diagnostics.length === 3);
  assert.equal(all.action.title, 'Add the missing clauses (DATABASE, WRITE_MODE, CLUSTER)');
  assert.equal(
    all.text,
    "-- café ☕\nCREATE FLOW orders\n  SOURCE = 'kafka'\n  LAKE = 'main'\n  DATABASE = 'database'\n  TABLE_NAME = 'orders'\n  WRITE_MODE = 'IMMUTABLE'\n  CLUSTER = 'cluster'\n  WITH 'kafka.topic.name' = 'orders'",
  );
  assert.deepEqual(analyze(all.text).diagnostics.map(key), []);
  // CLUSTER is only a warning: a second action adds the required ones alone.
  const required = fixOnce(text, 'missing-clause', (a) => a.diagnostics.length === 2);
  assert.equal(required.action.title, 'Add the required clauses (DATABASE, WRITE_MODE)');
  assert.deepEqual(
    analyze(required.text).diagnostics.map((d) => d.code),
    ['missing-clause'],
  );
});

test('missing clauses of a one-line statement go before the first later clause', () => {
  const { text } = fixOnce("CREATE FLOW f TABLE_NAME = 't'", 'missing-clause', (a) => a.diagnostics.length === 5);
  assert.equal(
    text,
    "CREATE FLOW f SOURCE = 'source' LAKE = 'lake' DATABASE = 'database' TABLE_NAME = 't' WRITE_MODE = 'IMMUTABLE' CLUSTER = 'cluster'",
  );
  assert.equal(fixOnce('ALTER OCU', 'missing-clause').text, 'ALTER OCU SET LIMIT = 1');
  assert.equal(fixOnce('SHOW POLICIES DIFF CATALOG = c', 'missing-clause').text, 'SHOW POLICIES DIFF CATALOG = c FOR IMPORT');
});

test('reorder clauses into the fixed order, keeping each clause text and the layout', () => {
  const text =
    "CREATE FLOW f\n  LAKE = 'l' -- the lake\n  SOURCE = 's'\n  WITH 'kafka.topic.name' = 'x'\n  WRITE_MODE = 'IMMUTABLE'\n  DATABASE = 'd' TABLE_NAME = 't'\n  CLUSTER = 'c'";
  const { text: fixed, action } = fixOnce(text, 'clause-order');
  assert.equal(
    action.diagnostics.length,
    analyze(text).diagnostics.filter((d) => d.code === 'clause-order').length,
    'one action for the statement',
  );
  assert.equal(
    fixed,
    "CREATE FLOW f\n  SOURCE = 's' -- the lake\n  LAKE = 'l'\n  DATABASE = 'd'\n  TABLE_NAME = 't'\n  WRITE_MODE = 'IMMUTABLE' CLUSTER = 'c'\n  WITH 'kafka.topic.name' = 'x'",
  );
  assert.deepEqual(analyze(fixed).diagnostics.map(key), []);
});

test('fixes land in the right statement of a document with non-ASCII text', () => {
  const text = "SHOW LAKES; -- 日本語 🚀\nCREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('é') CLUSTER = etl; ALTER OCU SET LIMIT = '12'";
  let fixed = fixOnce(text, 'expected-string').text;
  fixed = fixOnce(fixed, 'quoted-integer').text;
  assert.equal(
    fixed,
    "SHOW LAKES; -- 日本語 🚀\nCREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('é') CLUSTER = 'etl'; ALTER OCU SET LIMIT = 12",
  );
});

test('no action outside the requested range, none for diagnostics without fix data', () => {
  const doc = new SvcSqlDocument("ALTER OCU SET LIMIT = '3'\n\nCREATE CLUSTER c TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1 colour = 'x'");
  const all = doc.analysis().diagnostics;
  assert.deepEqual(codeActions(doc, { start: { line: 2, character: 0 }, end: { line: 2, character: 3 } }, all), []);
  const atClause = all.find((d) => d.code === 'unknown-clause')!;
  assert.deepEqual(codeActions(doc, atClause.range, [atClause]), []);
});

test("insert the '=' forgotten between a clause and its value", () => {
  const { text, action } = fixOnce("CREATE FLOW f SOURCE 'kafka' LAKE = 'l'", 'missing-equals');
  assert.equal(text, "CREATE FLOW f SOURCE = 'kafka' LAKE = 'l'");
  assert.equal(action.title, "Insert '='");
});

test('close an open string at the end of its line, or before a clause that starts inside it', () => {
  assert.equal(
    fixOnce("ALTER LAKE l SET DESCRIPTION = 'the sales lake   \nSHOW FLOWS", 'unterminated-string').text,
    "ALTER LAKE l SET DESCRIPTION = 'the sales lake'   \nSHOW FLOWS",
  );
  assert.equal(fixOnce("CREATE FLOW f SOURCE = 'kafka LAKE = 5", 'unterminated-string').text, "CREATE FLOW f SOURCE = 'kafka' LAKE = 5");
  assert.equal(fixOnce("DESCRIBE JOB_RUN `run-1 JOB_NAME = 'j'", 'unterminated-name').text, "DESCRIBE JOB_RUN `run-1` JOB_NAME = 'j'");
});

test('WITH values: the did-you-mean replaces the value (quoted), the missing key is appended to the WITH', () => {
  const op = fixOnce(
    "CREATE TRANSFORMATION t TYPE = 'ROW_FILTERING' WITH 'row.filtering.transformation.sql.operator' = 'GTE'",
    'unknown-with-value',
  );
  assert.equal(op.text, "CREATE TRANSFORMATION t TYPE = 'ROW_FILTERING' WITH 'row.filtering.transformation.sql.operator' = 'GT'");
  assert.equal(op.action.isPreferred, true);
  assert.equal(
    fixOnce("CREATE TRANSFORMATION t TYPE = 'DATA_MASKING' WITH 'data_masking.type' = hash", 'unknown-with-value').text,
    "CREATE TRANSFORMATION t TYPE = 'DATA_MASKING' WITH 'data_masking.type' = 'HASHING'",
  );
  const cdc = fixOnce(
    "CREATE TRANSFORMATION c TYPE = 'CONVERT_CDC'\n  WITH 'convert_cdc.cdc_format' = 'mongodb' -- orders\nSHOW FLOWS",
    'missing-with-key',
  );
  assert.equal(
    cdc.text,
    "CREATE TRANSFORMATION c TYPE = 'CONVERT_CDC'\n  WITH 'convert_cdc.cdc_format' = 'mongodb', 'convert_cdc.target_schema' = '' -- orders\nSHOW FLOWS",
  );
  assert.equal(cdc.action.title, "Add 'convert_cdc.target_schema'");
  assert.deepEqual(analyze(cdc.text).diagnostics.map(key), []);
});

test('reordering leaves TABLE_TYPE (whose place is not documented) where it stands', () => {
  const { text } = fixOnce(
    "CREATE FLOW f LAKE = 'l' SOURCE = 's' TABLE_TYPE = 'COPY_ON_WRITE' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = 'IMMUTABLE' CLUSTER = 'c'",
    'clause-order',
  );
  assert.equal(
    text,
    "CREATE FLOW f SOURCE = 's' LAKE = 'l' TABLE_TYPE = 'COPY_ON_WRITE' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = 'IMMUTABLE' CLUSTER = 'c'",
  );
  assert.deepEqual(analyze(text).diagnostics.map(key), []);
});

test("a bucket path without its final '/' gets it", () => {
  assert.equal(fixOnce("CREATE LAKE l BUCKET_PATH = 's3://b/lake'", 'path-end').text, "CREATE LAKE l BUCKET_PATH = 's3://b/lake/'");
  assert.equal(fixOnce("ALTER LAKE l WITH 'location' = 'gs://b'", 'path-end').text, "ALTER LAKE l WITH 'location' = 'gs://b/'");
});
