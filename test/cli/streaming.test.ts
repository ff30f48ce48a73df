// `svcsql lint` and `svcsql format --check` stream their output (cli/src/lintSinks.ts): small runs
// print byte for byte what they printed before streaming (fixtures/golden/, written by the CLI before
// the change), and a streamed JSON or SARIF document holds exactly what the whole one holds.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import pc from 'picocolors';
import { githubReport } from '../../cli/src/reportFormats/github';
import { jsonDiagnostic, jsonReport, jsonReportParts } from '../../cli/src/reportFormats/json';
import { jsonDiagnosticText } from '../../cli/src/reportFormats/json';
import { nested } from '../../cli/src/reportFormats/jsonLayout';
import {
  SARIF_HEAD,
  SarifRules,
  relativeUri,
  sarifReportParts,
  sarifResult,
  sarifResultText,
  sarifRunParts,
} from '../../cli/src/reportFormats/sarif';
import type { LintReport } from '../../cli/src/lintReport';
import { safeJson } from '../../service/src/safeText';
import { analyze, type CoreDiagnostic } from '../../core/src/index';
import { buildCorpus, examples, rng } from '../../bench/corpus';
import { mutate } from '../robustness/mutate';
import { sarifReport } from '../../cli/src/reportFormats/sarif';
import { textReport } from '../../cli/src/reportFormats/text';
import { lintPaths, lintStream } from '../../cli/src/lint';
import { DIAGNOSTICS_PER_WRITE, lintSink, type LintSummary } from '../../cli/src/lintSinks';
import { JsonStream, SarifStream } from '../../cli/src/reportFormats/streamed';
import { FIXTURES, ROOT, runCli } from './helpers';

const GOLDEN = join(FIXTURES, 'golden');
const LINTED = ['examples', 'test/cli/fixtures/errors', 'test/cli/fixtures/clean', 'missing.svcsql'];
const golden = (name: string) => readFileSync(join(GOLDEN, name), 'utf8');
/** SARIF names the working directory: the golden file says file:///ROOT/. */
const rooted = (text: string) => text.replace(/file:\/\/\/[^"]*\/"/, 'file:///ROOT/"');

for (const format of ['text', 'json', 'sarif', 'github']) {
  test(`lint --format ${format} of small files prints what it printed before streaming, byte for byte`, async () => {
    const r = await runCli(['lint', '--format', format, ...LINTED]);
    assert.equal(r.code, 2, r.stderr);
    assert.equal(format === 'sarif' ? rooted(r.stdout) : r.stdout, golden(`lint.${format}`));
    assert.equal(r.stderr, golden(`lint.${format}.stderr`));
  });
}

for (const format of ['text', 'github']) {
  test(`format --check --format ${format} prints what it printed before streaming, byte for byte`, async () => {
    const r = await runCli(['format', '--check', '--format', format, 'examples', 'test/cli/fixtures/errors']);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stdout, golden(`format-check.${format}`));
    assert.equal(r.stderr, golden(`format-check.${format}.stderr`));
  });
}

/** The run's output through the streaming sink, streamed from the first diagnostic on. */
async function streamed(format: string): Promise<string> {
  let out = '';
  const sink = lintSink(format, {
    colors: pc.createColors(false),
    tool: { version: '9.9.9', informationUri: 'https://example.invalid/svcsql' },
    write: (text) => void (out += text),
    streamAfter: 0,
  });
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    await lintStream(LINTED, {}, sink);
  } finally {
    process.chdir(cwd);
  }
  return out;
}

async function whole() {
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    return await lintPaths(LINTED);
  } finally {
    process.chdir(cwd);
  }
}

test('a streamed JSON document holds what the whole document holds (its counts come last)', async () => {
  const out = await streamed('json');
  const expected = jsonReport(await whole(), '9.9.9');
  assert.notEqual(out, expected, 'streamed from the first diagnostic: the layout differs');
  assert.deepEqual(JSON.parse(out), JSON.parse(expected));
  assert.match(out, /"otherCount": \d+\n}\n$/);
});

/** Diagnostics of every kind: the fixtures', a corpus's, mutated statements', and messages and codes with odd characters. */
async function manyDiagnostics(): Promise<CoreDiagnostic[]> {
  const r = rng(7);
  const diagnostics: CoreDiagnostic[] = [
    ...(await whole()).files.flatMap((f) => f.diagnostics),
    ...analyze(buildCorpus(400, 5)).diagnostics,
    ...analyze([...examples, ...examples, ...examples].map((e) => mutate(e, r)).join(';\n')).diagnostics,
  ];
  for (const odd of ODD) diagnostics.push({ ...diagnostics[0]!, message: `name ${odd} here`, code: `code${odd}` });
  assert.ok(diagnostics.length > 200, `${diagnostics.length} diagnostics`);
  return diagnostics;
}

/** What a file can put into a message or a path: quotes, escapes, line and paragraph separators, C1 and format controls, a lone surrogate, astral characters. */
const ODD = ['"\\', '\u2028\u2029', '\u0085\u009f\u00ad', '\u200b\u202e\ufeff', '\ud800', '\u{1F680}', '\u0000\u001b[31m', 'é/ü'];

test('JSON and SARIF diagnostics are written as JSON.stringify lays out their objects, byte for byte', async () => {
  const diagnostics = await manyDiagnostics();
  for (const d of diagnostics) assert.equal(jsonDiagnosticText(d), safeJson(nested(jsonDiagnostic(d), 4)), d.message);
  // Two rule lists fed in the same order: each result's ruleIndex is its code's first appearance.
  const [written, built] = [new SarifRules('https://example.invalid'), new SarifRules('https://example.invalid')];
  for (const path of ['a.svcsql', `dir ${ODD.join('')}/b.svcsql`])
    for (const d of diagnostics)
      assert.equal(sarifResultText(relativeUri(path), d, written), safeJson(nested(sarifResult(path, d, built), 4)), d.message);
  // A lone surrogate (a Windows file name) is U+FFFD, where encodeURIComponent threw; a pair is kept.
  assert.equal(relativeUri('a\ud800/b\udc00\u{1F680}.svcsql'), 'a%EF%BF%BD/b%EF%BF%BD%F0%9F%9A%80.svcsql');
});

/** A report of three files (one clean, one with an odd name), odd problems and counts, over `diagnostics`. */
function oddReport(diagnostics: CoreDiagnostic[]): LintReport {
  return {
    files: [
      { path: 'first.svcsql', diagnostics: diagnostics.slice(0, 50) },
      { path: 'clean.svcsql', diagnostics: [] },
      { path: `odd ${ODD.join('')}.svcsql`, diagnostics: diagnostics.slice(50) },
    ],
    problems: [`cannot read ${ODD.join('')}`, 'another'],
    notes: [],
    errorCount: 3,
    warningCount: 40,
    otherCount: 7,
  };
}

test('the JSON document is what JSON.stringify of the whole object wrote, byte for byte', async () => {
  const report = oddReport(await manyDiagnostics());
  const before = (rep: LintReport) =>
    safeJson(
      JSON.stringify(
        {
          tool: { name: 'svcsql', version: '9.9.9' },
          errorCount: rep.errorCount,
          warningCount: rep.warningCount,
          otherCount: rep.otherCount,
          problems: rep.problems,
          files: rep.files.map((f) => ({ path: f.path, diagnostics: f.diagnostics.map(jsonDiagnostic) })),
        },
        null,
        2,
      ),
    ) + '\n';
  for (const rep of [report, { ...report, files: [], problems: [] }, await whole()]) {
    assert.equal(jsonReport(rep, '9.9.9'), before(rep));
    // In parts of a few diagnostics (as `svcsql lint` writes it), the same text.
    const parts = [...jsonReportParts(rep, '9.9.9', 7)];
    assert.equal(parts.join(''), before(rep));
    assert.equal(parts.length, 2 + rep.files.reduce((n, f) => n + 1 + Math.floor(f.diagnostics.length / 7), 0));
  }
});

test('the SARIF log is what JSON.stringify of the whole log wrote, byte for byte, whole or in parts', async () => {
  const tool = { version: '9.9.9', informationUri: 'https://example.invalid/svcsql' };
  const report = oddReport(await manyDiagnostics());
  // The log as it was built before it was written in parts: objects, then JSON.stringify.
  const before = (rep: LintReport) => {
    const rules = new SarifRules(tool.informationUri);
    const results = rep.files.flatMap((f) => f.diagnostics.map((d) => sarifResult(f.path, d, rules)));
    const log = { ...SARIF_HEAD, runs: [{ ...sarifRunParts(rules, rep.problems, tool, ROOT), results }] };
    return safeJson(JSON.stringify(log, null, 2)) + '\n';
  };
  for (const rep of [report, { ...report, files: [], problems: [] }, await whole()]) {
    assert.equal([...sarifReportParts(rep, tool, Infinity, ROOT)].join(''), before(rep));
    const parts = [...sarifReportParts(rep, tool, 7, ROOT)];
    assert.equal(parts.join(''), before(rep));
    const results = rep.files.reduce((n, f) => n + f.diagnostics.length, 0);
    assert.equal(parts.length, 2 + Math.floor(results / 7));
  }
});

test('a streamed document writes a piece of many diagnostics a few at a time, the text it wrote at once', async () => {
  const diagnostics = await manyDiagnostics();
  assert.ok(diagnostics.length > 3 * DIAGNOSTICS_PER_WRITE, `${diagnostics.length} diagnostics`);
  const tool = { version: '9.9.9', informationUri: 'https://example.invalid/svcsql' };
  const summary: LintSummary = { files: 1, problems: ['p'], notes: [], errorCount: 1, warningCount: 2, otherCount: 3 };
  for (const format of ['json', 'sarif']) {
    const writes: string[] = [];
    const sink = lintSink(format, { colors: pc.createColors(false), tool, write: (text) => void writes.push(text), streamAfter: 0 });
    await sink.file('a.svcsql');
    await sink.diagnostics(diagnostics.slice(0, 5)); // held, then streamed as one slice
    await sink.diagnostics(diagnostics.slice(5)); // streamed in slices
    await sink.end(summary);
    const stream = format === 'json' ? new JsonStream('9.9.9') : new SarifStream(tool);
    const atOnce = stream.head() + stream.file('a.svcsql') + stream.diagnostics(diagnostics) + stream.end(summary.problems, summary);
    assert.equal(writes.join(''), atOnce, format);
    // head, file, the first five, the rest in slices, the end.
    assert.equal(writes.length, 4 + Math.ceil((diagnostics.length - 5) / DIAGNOSTICS_PER_WRITE), format);
  }
});

test('a streamed SARIF log holds what the whole log holds (rules and invocation come last)', async () => {
  const out = await streamed('sarif');
  const cwd = process.cwd();
  process.chdir(ROOT);
  const report = await whole();
  const expected = sarifReport(report, { version: '9.9.9', informationUri: 'https://example.invalid/svcsql' });
  process.chdir(cwd);
  assert.deepEqual(JSON.parse(out), JSON.parse(expected));
  assert.ok(
    report.files.some((f) => f.diagnostics.length > 1),
    'the fixtures have diagnostics to stream',
  );
});

test('streamed text and GitHub annotations are the whole run’s, line for line', async () => {
  const report = await whole();
  assert.equal(await streamed('text'), textReport(report, pc.createColors(false)));
  assert.equal(await streamed('github'), githubReport(report));
});
