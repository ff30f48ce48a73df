// Hover on statement keywords, clause keywords, enum values, group keys and WITH keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SvcSqlDocument, hover, type CoreHover } from '../../core/src/index';

const CARET = '¦';

function hoverAt(source: string): { h: CoreHover | undefined; doc: SvcSqlDocument } {
  const offset = source.indexOf(CARET);
  const doc = new SvcSqlDocument(source.replace(CARET, ''));
  return { h: hover(doc, doc.lines.positionAt(offset)), doc };
}

function covered(doc: SvcSqlDocument, h: CoreHover): string {
  return doc.text.slice(doc.lines.offsetAt(h.range.start), doc.lines.offsetAt(h.range.end));
}

const flow = (s: string) => `-- orders\n${s}`;

test('statement keyword: summary, doc, certainty in words, example', () => {
  const { h, doc } = hoverAt(flow("CRE¦ATE FLOW orders SOURCE = 's'"));
  assert.ok(h);
  assert.match(h!.contents, /\*\*CREATE FLOW\*\* — Create a flow/);
  assert.match(h!.contents, /older name of the same statement/);
  assert.match(h!.contents, /Stated by the service's reference/);
  assert.match(h!.contents, /```svcsql\nCREATE FLOW orders_flow/);
  assert.equal(covered(doc, h!), 'CREATE FLOW');
});

test('the head as written: CREATE STREAM CAPTURE is named first, CREATE FLOW as also written', () => {
  const { h, doc } = hoverAt("create stream cap¦ture orders SOURCE = 's'");
  assert.match(h!.contents, /^\*\*CREATE STREAM CAPTURE\*\* — Create a flow/);
  assert.match(h!.contents, /Also written: CREATE FLOW\./);
  assert.equal(covered(doc, h!), 'create stream capture');
  assert.match(hoverAt("CREATE STREAM CAPTURE orders COLO¦UR = 'x'").h!.contents, /not a known clause of CREATE STREAM CAPTURE/);
  assert.match(hoverAt("CREATE FLOW orders SOURCE = 's'".replace('FLOW', 'FL¦OW')).h!.contents, /Also written: CREATE STREAM CAPTURE\./);
});

test('a guessed statement says so', () => {
  const { h } = hoverAt('SHOW FLO¦WS');
  assert.match(h!.contents, /Only its name is documented/);
});

test('clause keyword: syntax, required, doc, enum values, note', () => {
  const { h, doc } = hoverAt("CREATE FLOW orders WRITE_M¦ODE = 'MUTABLE'");
  assert.match(h!.contents, /`WRITE_MODE = 'IMMUTABLE' \| 'MUTABLE'` — required/);
  assert.match(h!.contents, /appended only or may be updated/);
  assert.match(h!.contents, /`'IMMUTABLE'` — Append only/);
  assert.equal(covered(doc, h!), 'WRITE_MODE');
  const cluster = hoverAt("CREATE FLOW orders CLUS¦TER = 'c'").h!;
  assert.match(cluster.contents, /required \(warning only\)/);
  assert.match(cluster.contents, /\*Note: required by the newer reference/);
  const guessed = hoverAt("CREATE FLOW orders TABLE_T¦YPE = 'MERGE_ON_READ'").h!;
  assert.match(guessed.contents, /clause layout is a guess/);
  assert.match(guessed.contents, /Default: `MERGE_ON_READ`/);
  assert.match(guessed.contents, /CLI and Terraform provider; its SQL clause name and position are not documented/);
  assert.match(guessed.contents, /Its place among the clauses is not documented and not checked/);
});

test('enum value: its doc', () => {
  const { h, doc } = hoverAt("CREATE FLOW orders WRITE_MODE = 'MUT¦ABLE'");
  assert.match(h!.contents, /Records with the same key are updated/);
  assert.equal(covered(doc, h!), "'MUTABLE'");
  assert.match(hoverAt('ALTER FLOW orders SET STATE = PA¦USE').h!.contents, /Stop ingesting/);
  assert.match(hoverAt('SHOW POLICIES DIFF CATALOG = c FOR SY¦NC').h!.contents, /SYNC POLICIES would make/);
});

test('cluster types: the four of the product, two without a documented spelling', () => {
  const type = hoverAt("CREATE CLUSTER c TY¦PE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1").h!;
  assert.match(type.contents, /`TYPE = 'SPARK' \| 'Managed' \| …`/);
  assert.match(type.contents, /- SQL \(spelling not documented\)/);
  assert.match(type.contents, /- Open Engines \(spelling not documented\) — An Open Engines cluster/);
  const guessed = hoverAt("CREATE CLUSTER c TYPE = 'Open Eng¦ines' MAX_OCU = 2 MIN_OCU = 1").h!;
  assert.match(guessed.contents, /read as the Open Engines value of TYPE/);
  assert.match(guessed.contents, /How statements spell Open Engines is not documented/);
  assert.match(
    hoverAt("CREATE CLUSTER c TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1 WITH 'worker.type' = 'oh-gp¦u-4'").h!.contents,
    /Open Engines clusters only/,
  );
});

test('lakes: type and bucket path, documented facts under guessed clause names', () => {
  const path = hoverAt("CREATE LAKE l BUCKET_PA¦TH = 's3://b/lake/'").h!;
  assert.match(path.contents, /Must end with `\/`/);
  assert.match(path.contents, /how statements spell the clause is not documented/);
  assert.match(hoverAt('CREATE LA¦KE l').h!.contents, /a bucket path that must end with '\/', and a default services cluster/);
});

test('group keys and values, list values', () => {
  const src = "CREATE FLOW o PARTITION_KEY_FIELDS = (field = 'a' parti¦tion_type = 'DATE_STRING')";
  assert.match(hoverAt(src).h!.contents, /How the field is turned into a partition/);
  assert.match(hoverAt(src.replace('¦', '').replace("'DATE_STRING'", "'DATE_ST¦RING'")).h!.contents, /date string/);
  assert.match(hoverAt("CREATE FLOW o VALIDATIONS = ('schemav¦alidation')").h!.contents, /do not match the schema/);
});

test('WITH keys: doc and known values; keys by TYPE; clause-owned WITH', () => {
  const { h, doc } = hoverAt("CREATE CLUSTER c TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1 WITH 'worker.t¦ype' = 'oh-general-4'");
  assert.match(h!.contents, /Machine size of the workers/);
  assert.match(h!.contents, /Known values \(seen; others may exist\): `'oh-general-4'`/);
  const listed = hoverAt("CREATE TRANSFORMATION t TYPE = 'ROW_FILTERING' WITH 'row.filtering.transformation.sql.oper¦ator' = 'GT'").h!;
  assert.match(listed.contents, /Values \(the reference lists only these\): `'EQ'`, `'NEQ'`, `'GT'`, `'GEQ'`, `'LT'`, `'LEQ'`/);
  assert.equal(covered(doc, h!), "'worker.type'");
  assert.match(
    hoverAt("CREATE TRANSFORMATION t TYPE = 'DATA_MASKING' WITH 'data_masking.ty¦pe' = 'HASHING'").h!.contents,
    /How fields are masked/,
  );
  assert.match(
    hoverAt("CREATE TRANSFORMATION t TYPE = 'DATA_MASKING' WITH 'data_masking.type' = 'HASH¦ING'").h!.contents,
    /Replace the value by its hash/,
  );
  assert.match(hoverAt("ALTER FLOW f SET SOURCE = 's' WITH 'kafka.startingOf¦fsets' = 'latest'").h!.contents, /Where to start reading/);
});

test('nothing on names, unknown statements, comments or white space', () => {
  assert.equal(hoverAt("CREATE FLOW ord¦ers SOURCE = 's'").h, undefined);
  assert.equal(hoverAt('FROB¦NICATE THINGS').h, undefined);
  assert.equal(hoverAt('-- CREATE FL¦OW\nSHOW FLOWS').h, undefined);
  assert.equal(hoverAt('SHOW FLOWS\n\n ¦ \n').h, undefined);
});
