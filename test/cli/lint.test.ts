// `svcsql lint` on fixture files: text lines, exit codes, .gitignore, globs, --max-warnings, json.
import assert from 'node:assert/strict';
import { chmodSync, copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildCorpus } from '../../bench/corpus';
import { assertPlain, FIXTURES, runCli, tempDir } from './helpers';

const LINE = /^(?<file>[^:\s]+):(?<line>\d+):(?<col>\d+) (?<severity>error|warning|information|hint) (?<code>[a-z][a-z-]*) (?<message>.+)$/;

function parseLines(stdout: string) {
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const m = LINE.exec(l);
      assert.ok(m, `not file:line:col severity code message: ${l}`);
      return m.groups!;
    });
}

test('clean file: no output on stdout, exit 0', async () => {
  const r = await runCli(['lint', 'clean/ok.svcsql'], { cwd: FIXTURES });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /0 errors, 0 warnings in 1 file/);
});

test('errors: file:line:col severity code message with 1-based positions, exit 1', async () => {
  const r = await runCli(['lint', 'errors/bad.svcsql'], { cwd: FIXTURES });
  assert.equal(r.code, 1, r.stderr);
  assertPlain(r.stdout + r.stderr); // not a terminal: no colours
  const lines = parseLines(r.stdout);
  const err = lines.find((l) => l.severity === 'error');
  // Line 2 of the file, `'3'` starts at the 44th character (1-based).
  assert.ok(err, r.stdout);
  assert.deepEqual([err.file, err.line, err.col, err.code], ['errors/bad.svcsql', '2', '44', 'quoted-integer']);
  assert.ok(
    lines.some((l) => l.severity === 'warning' && l.line === '4'),
    r.stdout,
  );
});

test('warnings only: exit 0; --max-warnings 0 makes it 1; --max-warnings 1 keeps 0', async () => {
  const plain = await runCli(['lint', 'errors/warn.svcsql'], { cwd: FIXTURES });
  assert.equal(plain.code, 0, plain.stdout);
  assert.equal(parseLines(plain.stdout).length, 1);
  const strict = await runCli(['lint', '--max-warnings', '0', 'errors/warn.svcsql'], { cwd: FIXTURES });
  assert.equal(strict.code, 1);
  assert.match(strict.stderr, /exceed --max-warnings 0/);
  const loose = await runCli(['lint', '--max-warnings', '1', 'errors/warn.svcsql'], { cwd: FIXTURES });
  assert.equal(loose.code, 0);
  const bad = await runCli(['lint', '--max-warnings', 'many', 'errors/warn.svcsql'], { cwd: FIXTURES });
  assert.equal(bad.code, 2);
});

test('a directory is walked for *.svcsql, honouring .gitignore (also when named from above)', async () => {
  const inside = await runCli(['lint'], { cwd: join(FIXTURES, 'ignored') });
  assert.equal(inside.code, 0, inside.stdout);
  assert.match(inside.stderr, /in 2 files/); // good.svcsql and sub/kept.svcsql
  const above = await runCli(['lint', 'test/cli/fixtures/ignored']);
  assert.equal(above.code, 0, above.stdout);
  assert.match(above.stderr, /in 2 files/);
  // Named explicitly, an ignored file is linted (the person asked for it).
  const named = await runCli(['lint', 'bad.svcsql'], { cwd: join(FIXTURES, 'ignored') });
  assert.equal(named.code, 1);
  assert.match(named.stdout, /^bad\.svcsql:1:23 error quoted-integer /m);
});

test('the whole fixtures folder: every bad file reported, ignored ones not', async () => {
  const r = await runCli(['lint', '--format', 'json'], { cwd: FIXTURES });
  assert.equal(r.code, 1);
  const doc = JSON.parse(r.stdout) as {
    files: { path: string; diagnostics: { line: number; column: number; endLine: number; endColumn: number; range: unknown }[] }[];
    errorCount: number;
  };
  const paths = doc.files.map((f) => f.path);
  assert.ok(paths.includes('errors/bad.svcsql'));
  assert.ok(paths.includes('ignored/good.svcsql'));
  assert.ok(!paths.includes('ignored/bad.svcsql'), paths.join(' '));
  assert.ok(!paths.some((p) => p.includes('generated-')), paths.join(' '));
  assert.ok(doc.errorCount >= 1);
  const d = doc.files.find((f) => f.path === 'errors/bad.svcsql')!.diagnostics[0]!;
  assert.deepEqual([d.line, d.column], [2, 44]);
  assert.deepEqual(d.range, { start: { line: 1, character: 43 }, end: { line: 1, character: 46 } });
});

test('globs are expanded (quoted, so the shell does not) and honour .gitignore', async () => {
  const r = await runCli(['lint', 'ignored/**/*.svcsql'], { cwd: FIXTURES });
  assert.equal(r.code, 0, r.stdout);
  assert.match(r.stderr, /in 2 files/);
  const none = await runCli(['lint', 'nothing/**/*.svcsql'], { cwd: FIXTURES });
  assert.equal(none.code, 2);
  assert.match(none.stderr, /No files match nothing\/\*\*\/\*\.svcsql/);
});

test('missing or unreadable file: exit 2, other files still reported', async () => {
  const missing = await runCli(['lint', 'errors/bad.svcsql', 'no-such.svcsql'], { cwd: FIXTURES });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /no-such\.svcsql: no such file or directory/);
  assert.match(missing.stdout, /errors\/bad\.svcsql:2:44 error/);

  if (process.getuid?.() !== 0) {
    // root reads everything, so an unreadable file cannot be made for it.
    const dir = tempDir();
    const locked = join(dir, 'locked.svcsql');
    writeFileSync(locked, 'SHOW LAKES\n');
    chmodSync(locked, 0o000);
    const r = await runCli(['lint', locked]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot read/);
  }
  const dir = tempDir();
  copyFileSync(join(FIXTURES, 'clean', 'ok.svcsql'), join(dir, 'a.svcsql'));
  const asDir = await runCli(['lint', join(dir, 'a.svcsql', 'x')]);
  assert.equal(asDir.code, 2);
});

test('bad usage: unknown format or option exits 2; --help documents 1-based positions', async () => {
  const fmt = await runCli(['lint', '--format', 'xml']);
  assert.equal(fmt.code, 2);
  assert.match(fmt.stderr, /xml/);
  const opt = await runCli(['lint', '--frobnicate']);
  assert.equal(opt.code, 2);
  const help = await runCli(['lint', '--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /1-based/);
  assert.match(help.stdout, /Exit codes/);
  const none = await runCli([]);
  assert.equal(none.code, 2);
});

test('symbolic links: each real file once, loops reported once and not followed, links out of the folder not followed', async () => {
  const outside = tempDir('svcsql-outside-');
  writeFileSync(join(outside, 'far.svcsql'), "ALTER OCU SET LIMIT = '3'\n");
  const dir = tempDir('svcsql-links-');
  writeFileSync(join(dir, 'a.svcsql'), "ALTER OCU SET LIMIT = '3'\n");
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'sub', 'b.svcsql'), 'SHOW FLOWS\n');
  symlinkSync('.', join(dir, 'self1'));
  symlinkSync(dir, join(dir, 'self2'));
  symlinkSync('..', join(dir, 'sub', 'up'));
  symlinkSync('sub', join(dir, 'alsoSub'));
  symlinkSync('a.svcsql', join(dir, 'link-to-a.svcsql'));
  symlinkSync(outside, join(dir, 'out'));
  const r = await runCli(['lint', '--format', 'json', '.'], { cwd: dir, timeoutMs: 15_000 });
  assert.equal(r.code, 1, r.stderr); // a.svcsql's error, once
  const doc = JSON.parse(r.stdout) as { files: { path: string; diagnostics: unknown[] }[]; errorCount: number };
  assert.deepEqual(doc.files.map((f) => f.path).sort(), ['a.svcsql', 'sub/b.svcsql']);
  assert.equal(doc.errorCount, 1);
  for (const link of ['self1', 'self2', 'sub/up']) {
    assert.equal(r.stderr.split('\n').filter((l) => l.includes(`${link} is a symbolic link back to`)).length, 1, r.stderr);
  }
  assert.match(r.stderr, /out is a symbolic link out of \.; not followed/);
  assert.doesNotMatch(r.stderr, /alsoSub|link-to-a/);
});

test('lint - lints stdin as <stdin>, piece by piece, in every format as it lints the same file; - stands alone', async () => {
  const text = buildCorpus(3000, 11).replace(/\n/g, '\r\n');
  const dir = tempDir('svcsql-lint-stdin-');
  writeFileSync(join(dir, 'big.svcsql'), text);
  for (const format of ['text', 'json', 'github', 'sarif']) {
    const fromFile = await runCli(['lint', '-f', format, 'big.svcsql'], { cwd: dir });
    const fromStdin = await runCli(['lint', '-f', format, '-'], { cwd: dir, stdin: text });
    assert.equal(fromStdin.code, 1, fromStdin.stderr);
    assert.equal(fromStdin.code, fromFile.code);
    assert.ok(fromStdin.stdout.length > 10_000, format);
    if (format === 'sarif') {
      type Sarif = {
        runs: { results: { message: { text: string }; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
      };
      const results = (out: string) => (JSON.parse(out) as Sarif).runs[0]!.results;
      const a = results(fromStdin.stdout);
      assert.deepEqual(
        a.map((r) => r.message.text),
        results(fromFile.stdout).map((r) => r.message.text),
      );
      assert.equal(a[0]!.locations[0]!.physicalLocation.artifactLocation.uri, encodeURI('<stdin>'));
      continue;
    }
    const named = format === 'json' ? '"path": "<stdin>"' : format === 'github' ? 'file=<stdin>,' : '<stdin>:';
    const asFile = format === 'json' ? '"path": "big.svcsql"' : format === 'github' ? 'file=big.svcsql,' : 'big.svcsql:';
    assert.equal(fromStdin.stdout, fromFile.stdout.replaceAll(asFile, named), format);
  }
  const mixed = await runCli(['lint', '-', 'big.svcsql'], { cwd: dir, stdin: '' });
  assert.equal(mixed.code, 2);
  assert.match(mixed.stderr, /`-` \(stdin\) cannot be mixed with files/);
  const clean = await runCli(['lint', '-'], { stdin: 'SHOW FLOWS;\n' });
  assert.equal(clean.code, 0, clean.stderr);
  assert.equal(clean.stdout, '');
  assert.match(clean.stderr, /0 errors, 0 warnings in 1 file/);
});
