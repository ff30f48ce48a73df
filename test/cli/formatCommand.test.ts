// `svcsql format`: in place, --check (exit codes and the list), --format github, options, stdin.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildCorpus } from '../../bench/corpus';
import { formatText } from '../../core/src/index';
import { ROOT, assertPlain, runCli, tempDir } from './helpers';

const FORMAT_FIXTURES = join(ROOT, 'test', 'fixtures', 'format');
const fixture = (name: string) => readFileSync(join(FORMAT_FIXTURES, name), 'utf8');

/** A folder with a messy file, a formatted one, a broken one and an ignored messy one. */
function workspace(): string {
  const dir = tempDir('svcsql-format-');
  writeFileSync(join(dir, '.gitignore'), 'ignored/\n');
  writeFileSync(join(dir, 'messy.svcsql'), fixture('messy-flow.svcsql'));
  writeFileSync(join(dir, 'tidy.svcsql'), fixture('messy-flow.expected.svcsql'));
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'sub', 'errors.svcsql'), fixture('syntax-errors.svcsql'));
  mkdirSync(join(dir, 'ignored'));
  writeFileSync(join(dir, 'ignored', 'skip.svcsql'), 'show   flows\n');
  return dir;
}

test('format --check lists the files that would change, exits 1, and writes nothing', async () => {
  const dir = workspace();
  const r = await runCli(['format', '--check'], { cwd: dir });
  assert.equal(r.code, 1, r.stderr);
  assert.deepEqual(r.stdout.trim().split('\n').sort(), ['messy.svcsql', 'sub/errors.svcsql']);
  assert.match(r.stderr, /2 files of 3 would be reformatted/);
  assertPlain(r.stdout);
  assert.equal(readFileSync(join(dir, 'messy.svcsql'), 'utf8'), fixture('messy-flow.svcsql'));
  assert.equal(readFileSync(join(dir, 'ignored', 'skip.svcsql'), 'utf8'), 'show   flows\n');
  // A formatted file alone passes.
  const tidy = await runCli(['format', '--check', 'tidy.svcsql'], { cwd: dir });
  assert.equal(tidy.code, 0, tidy.stderr);
  assert.equal(tidy.stdout, '');
});

test('format rewrites files in place (the expected layout), lists them, and then --check passes', async () => {
  const dir = workspace();
  const r = await runCli(['format'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.stdout.trim().split('\n').sort(), ['messy.svcsql', 'sub/errors.svcsql']);
  assert.equal(readFileSync(join(dir, 'messy.svcsql'), 'utf8'), fixture('messy-flow.expected.svcsql'));
  assert.equal(readFileSync(join(dir, 'sub', 'errors.svcsql'), 'utf8'), fixture('syntax-errors.expected.svcsql'));
  assert.equal(readFileSync(join(dir, 'ignored', 'skip.svcsql'), 'utf8'), 'show   flows\n', '.gitignore is honoured');
  const again = await runCli(['format', '--check'], { cwd: dir });
  assert.equal(again.code, 0, again.stdout);
  assert.match(again.stderr, /3 files already formatted/);
});

test('format --check --format github prints an error annotation per changed place', async () => {
  const dir = workspace();
  writeFileSync(join(dir, 'two.svcsql'), 'SHOW FLOWS;\n\nshow   lakes;\n\nSHOW CLUSTERS\n\n\n\nrun job j\n');
  // Line 3 gets its case; line 5 its ';' and the blank lines after it; line 9 its case.
  const r = await runCli(['format', '--check', '--format', 'github', 'two.svcsql'], { cwd: dir });
  assert.equal(r.code, 1);
  assert.deepEqual(r.stdout.trim().split('\n'), [
    '::error file=two.svcsql,line=3,endLine=3,title=svcsql format::Not formatted as svcsql format would write it (run svcsql format).',
    '::error file=two.svcsql,line=5,endLine=9,title=svcsql format::Not formatted as svcsql format would write it (run svcsql format).',
  ]);
});

test('format --indent, --tabs and --line-width', async () => {
  const dir = tempDir('svcsql-format-');
  const file = join(dir, 'j.svcsql');
  const text = "create job j type = 'PYTHON' parameters = ('a', 'b') cluster = 'c'\n";
  writeFileSync(file, text);
  assert.equal((await runCli(['format', '--indent', '4', '--line-width', '24', file])).code, 0);
  assert.equal(
    readFileSync(file, 'utf8'),
    "CREATE JOB j\n    TYPE = 'PYTHON'\n    PARAMETERS = (\n        'a',\n        'b'\n    )\n    CLUSTER = 'c'\n",
  );
  writeFileSync(file, text);
  assert.equal((await runCli(['format', '--tabs', file])).code, 0);
  assert.equal(readFileSync(file, 'utf8'), "CREATE JOB j\n\tTYPE = 'PYTHON'\n\tPARAMETERS = ('a', 'b')\n\tCLUSTER = 'c'\n");
  const bad = await runCli(['format', '--indent', '0', file]);
  assert.equal(bad.code, 2);
});

test('format keeps a byte-order mark and CRLF line ends', async () => {
  const dir = tempDir('svcsql-format-');
  const file = join(dir, 'crlf.svcsql');
  writeFileSync(file, '\uFEFFshow flows;show lakes\r\n');
  assert.equal((await runCli(['format', file])).code, 0);
  assert.equal(readFileSync(file, 'utf8'), '\uFEFFSHOW FLOWS;\r\n\r\nSHOW LAKES\r\n');
});

test('format - reads stdin and writes the formatted text to stdout; --check exits 1 when it would change', async () => {
  const out = await runCli(['format', '-'], { stdin: "create cluster c type = 'SPARK' max_ocu = 2 min_ocu = 1 -- note\n" });
  assert.equal(out.code, 0, out.stderr);
  assert.equal(out.stdout, "CREATE CLUSTER c\n  TYPE = 'SPARK'\n  MAX_OCU = 2\n  MIN_OCU = 1 -- note\n");
  const check = await runCli(['format', '--check', '-'], { stdin: 'show   flows\n' });
  assert.equal(check.code, 1);
  assert.equal(check.stdout, '<stdin>\n');
  const clean = await runCli(['format', '--check', '-'], { stdin: 'SHOW FLOWS\n' });
  assert.equal(clean.code, 0);
  const mixed = await runCli(['format', '-', 'x.svcsql'], { stdin: '' });
  assert.equal(mixed.code, 2);
});

test('format - of many pieces (CRLF, a byte-order mark, non-ASCII): the text formatText gives, written piece by piece; --check -f github as for the file', async () => {
  const body = buildCorpus(3000, 7).replace(/'a/g, "'\u00e9\ud83d\ude00");
  for (const text of [body, '\uFEFF' + body.replace(/\n/g, '\r\n')]) {
    const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
    const out = await runCli(['format', '-'], { stdin: text });
    assert.equal(out.code, 0, out.stderr);
    assert.ok(out.stdout === bom + formatText(text.slice(bom.length)), 'format - differs from formatText');
    const file = join(tempDir('svcsql-format-stdin-'), 'big.svcsql');
    writeFileSync(file, text);
    const fromFile = await runCli(['format', '--check', '-f', 'github', file]);
    const fromStdin = await runCli(['format', '--check', '-f', 'github', '-'], { stdin: text });
    assert.equal(fromStdin.code, 1);
    assert.ok(fromStdin.stdout.length > 1000);
    assert.equal(fromStdin.stdout, fromFile.stdout.replace(/file=[^,]*,/g, 'file=<stdin>,'));
  }
});

test('format of a file of many pieces rewrites it as formatText would, its mark and CRLF kept; the notices match the check', async () => {
  const body = buildCorpus(3000, 9).replace(/\n/g, '\r\n');
  const dir = tempDir('svcsql-format-large-');
  const file = join(dir, 'big.svcsql');
  writeFileSync(file, '\uFEFF' + body);
  const check = await runCli(['format', '--check', '-f', 'github', 'big.svcsql'], { cwd: dir });
  const r = await runCli(['format', '-f', 'github', 'big.svcsql'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(readFileSync(file, 'utf8') === '\uFEFF' + formatText(body), 'the file differs from formatText');
  const notices = r.stdout.split('\n').filter((l) => l.startsWith('::notice file=big.svcsql,'));
  assert.ok(notices.length > 100);
  assert.deepEqual(
    notices.map((l) => /line=\d+,endLine=\d+/.exec(l)![0]),
    check.stdout.split('\n').flatMap((l) => /line=\d+,endLine=\d+/.exec(l)?.[0] ?? []),
  );
  assert.equal((await runCli(['format', '--check', 'big.svcsql'], { cwd: dir })).code, 0);
});

test('format - of a statement longer than a piece may be: exit 2 with the reason, nothing written', async () => {
  const out = await runCli(['format', '-'], { stdin: `SHOW ${'a'.repeat(17 * 1024 * 1024)}\n` });
  assert.equal(out.code, 2);
  assert.equal(out.stdout, '');
  assert.match(out.stderr, /^svcsql: <stdin>: no statement boundary .* in 16 MB from line 1/m);
});

test('format: a missing file is exit 2, the other files are still formatted', async () => {
  const dir = workspace();
  const r = await runCli(['format', 'messy.svcsql', 'missing.svcsql'], { cwd: dir });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /missing\.svcsql: no such file or directory/);
  assert.equal(readFileSync(join(dir, 'messy.svcsql'), 'utf8'), fixture('messy-flow.expected.svcsql'));
});
