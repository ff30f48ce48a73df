// Completion fixtures: test/fixtures/completion/*.svcsql. `¦` marks the caret (it never appears in
// statements); the header comment says what must (not) be offered:
//   -- expect: A, B        items that must be there          -- not: C        items that must not
//   -- exact: A, B         exactly these items                -- none          no items at all
//   -- order: A < B < C    relative order (by sortText)       -- first: A      the first item
//   -- insert A: text      A's insertText (\n for newlines)   -- detail A: t / -- kind A: k
//   -- replace: text       the text the items replace
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SvcSqlDocument, complete, type CoreCompletion } from '../../core/src/index';

const dir = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'completion');
const CARET = '¦';

interface Expectations {
  directives: { name: string; arg: string }[];
}

function header(text: string): Expectations {
  const directives: Expectations['directives'] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith('--')) break;
    const body = line.slice(2).trim();
    const m = /^(expect|not|exact|order|first|replace|none|(?:insert|detail|kind) .+?)(?::\s?(.*))?$/.exec(body);
    if (m) directives.push({ name: m[1]!, arg: m[2] ?? '' });
  }
  return { directives };
}

const list = (arg: string) =>
  arg
    .split(/,\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

function sorted(items: CoreCompletion[]): CoreCompletion[] {
  return [...items].sort((a, b) =>
    (a.sortText ?? a.label) < (b.sortText ?? b.label) ? -1 : (a.sortText ?? a.label) > (b.sortText ?? b.label) ? 1 : 0,
  );
}

function itemsFor(source: string): { items: CoreCompletion[]; doc: SvcSqlDocument } {
  const offset = source.indexOf(CARET);
  assert.ok(offset >= 0, 'fixture has no caret');
  assert.equal(source.indexOf(CARET, offset + 1), -1, 'fixture has two carets');
  const doc = new SvcSqlDocument(source.slice(0, offset) + source.slice(offset + CARET.length));
  return { items: complete(doc, doc.lines.positionAt(offset)), doc };
}

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.svcsql'))
  .sort();

test('completion fixtures exist', () => {
  assert.ok(files.length >= 30, `only ${files.length} fixtures`);
});

for (const file of files) {
  test(`completion: ${file}`, () => {
    const source = readFileSync(join(dir, file), 'utf8');
    const { directives } = header(source);
    assert.ok(directives.length > 0, 'fixture has no expectations');
    const { items, doc } = itemsFor(source);
    const labels = sorted(items).map((i) => i.label);
    const byLabel = (label: string) => {
      const item = items.find((i) => i.label === label);
      assert.ok(item, `no item ${label}; got ${labels.join(' | ')}`);
      return item!;
    };
    for (const { name, arg } of directives) {
      if (name === 'none') assert.deepEqual(labels, []);
      else if (name === 'expect') for (const l of list(arg)) byLabel(l);
      else if (name === 'not') for (const l of list(arg)) assert.ok(!labels.includes(l), `unexpected item ${l}`);
      else if (name === 'exact') assert.deepEqual([...labels].sort(), list(arg).sort());
      else if (name === 'first') assert.equal(labels[0], arg);
      else if (name === 'order') {
        const names = arg.split('<').map((s) => s.trim());
        for (let i = 1; i < names.length; i++) {
          byLabel(names[i - 1]!);
          byLabel(names[i]!);
          assert.ok(
            labels.indexOf(names[i - 1]!) < labels.indexOf(names[i]!),
            `${names[i - 1]} should come before ${names[i]}: ${labels.join(' | ')}`,
          );
        }
      } else if (name === 'replace') {
        for (const item of items) {
          assert.ok(item.replace, `${item.label} has no replace range`);
          const r = item.replace!;
          assert.equal(
            doc.text.slice(doc.lines.offsetAt(r.start), doc.lines.offsetAt(r.end)),
            arg,
            `${item.label} replaces the wrong text`,
          );
        }
        assert.ok(items.length > 0);
      } else {
        const [, what, label] = /^(insert|detail|kind) (.+)$/.exec(name)!;
        const item = byLabel(label!);
        const expected = arg.replace(/\\n/g, '\n');
        if (what === 'insert') assert.equal(item.insertText ?? item.label, expected);
        else if (what === 'detail') assert.equal(item.detail, expected);
        else assert.equal(item.kind, expected);
      }
    }
  });
}

test('clause items carry their doc and a snippet', () => {
  const { items } = itemsFor('CREATE FLOW f ¦');
  const source = items.find((i) => i.label === 'SOURCE')!;
  assert.match(source.documentation ?? '', /Name of the source to read from/);
  assert.equal(source.snippet, true);
  assert.equal(source.detail, 'required · string');
  assert.equal(items.find((i) => i.label === 'CLUSTER')!.detail, 'required (warning only) · string');
});

test('an edit that leaves the document stale is not needed: completion reads the current text', () => {
  const doc = new SvcSqlDocument("CREATE FLOW f SOURCE = 's'\n");
  doc.statements();
  doc.update([{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'CREATE ' }]);
  const labels = complete(doc, { line: 1, character: 7 }).map((i) => i.label);
  assert.ok(labels.includes('CLUSTER') && labels.includes('FLOW'), labels.join(' | '));
});

// How fast this is on a large file is measured by `npm run bench` (completion p95), not here: a timed
// assertion fails on a loaded machine. Here: the items depend on the caret's statement alone.
test('completion on a 10,000-statement file gives what the caret statement alone gives', () => {
  const statement =
    "CREATE FLOW orders_N\n  SOURCE = 'kafka'\n  LAKE = 'main'\n  DATABASE = 'sales'\n  TABLE_NAME = 'orders'\n  WRITE_MODE = 'MUTABLE';\n";
  const parts: string[] = [];
  for (let i = 0; i < 10_000; i++) parts.push(statement.replace('N', String(i)));
  const doc = new SvcSqlDocument(parts.join('\n'));
  doc.statements();
  const linesPer = statement.split('\n').length; // each statement and the blank line after it
  const strip = (items: CoreCompletion[]) => items.map(({ replace: _r, ...rest }) => rest);
  for (let i = 0; i < 40; i++) {
    const k = (i * 7919) % 10_000;
    const line = i % 6;
    const character = i % 3 === 0 ? 15 : i % 3 === 1 ? 2 : 0;
    const alone = new SvcSqlDocument(parts[k]!);
    const expected = strip(complete(alone, { line, character }));
    const got = strip(complete(doc, { line: k * linesPer + line, character }));
    assert.deepEqual(got, expected, `statement ${k}, line ${line}, character ${character}`);
  }
});
