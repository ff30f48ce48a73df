import assert from 'node:assert/strict';
import { test } from 'node:test';
import { examples, rng } from '../../bench/corpus';
import { SvcSqlDocument, complete, hover } from '../../core/src/index';
import type { Position, Range } from '../../core/src/types';
import { mutate } from './mutate';

// Mutated statements must never throw, never give a range outside the document, and never take
// long. SVCSQL_FUZZ_COUNT runs more (e.g. SVCSQL_FUZZ_COUNT=100000); SVCSQL_FUZZ_SEED another seed.
const COUNT = Number(process.env.SVCSQL_FUZZ_COUNT ?? 800);
const SEED = Number(process.env.SVCSQL_FUZZ_SEED ?? 1);
// A hang detector, not a performance target (npm run bench measures speed): generous enough for a
// loaded machine, far below what a pathological loop would take.
const LIMIT_MS = 1000;

function inside(doc: SvcSqlDocument, p: Position, what: string): void {
  const lines = doc.lines;
  assert.ok(p.line >= 0 && p.line < lines.lineCount, `${what}: line ${p.line} of ${lines.lineCount}`);
  const lineLength = lines.offsetAt({ line: p.line, character: Number.MAX_SAFE_INTEGER }) - lines.lineStarts[p.line]!;
  assert.ok(p.character >= 0 && p.character <= lineLength, `${what}: character ${p.character} of ${lineLength} on line ${p.line}`);
}

function rangeInside(doc: SvcSqlDocument, r: Range, what: string): void {
  inside(doc, r.start, what);
  inside(doc, r.end, what);
  assert.ok(r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character), `${what}: reversed`);
}

/** Milliseconds f takes; a slow first try is retried once, so that a busy machine is not a failure. */
function ms(f: () => unknown): number {
  let t = performance.now();
  f();
  let took = performance.now() - t;
  if (took >= LIMIT_MS) {
    t = performance.now();
    f();
    took = performance.now() - t;
  }
  return took;
}

test(`fuzz: ${COUNT} mutated statements (seed ${SEED})`, () => {
  const r = rng(SEED);
  // Warm up the parser and completion engine: their first call is a one-off cost.
  const warm = new SvcSqlDocument(examples.join(';\n'));
  warm.analysis();
  complete(warm, { line: 0, character: 3 });
  let slowest = 0;
  for (let n = 0; n < COUNT; n++) {
    const parts = Array.from({ length: 1 + Math.floor(r() * 3) }, () => mutate(examples[Math.floor(r() * examples.length)]!, r));
    const text = parts.join(r() < 0.5 ? ';\n' : '\n\n');
    const label = `case ${n}: ${JSON.stringify(text).slice(0, 300)}`;
    let doc = new SvcSqlDocument(text);
    const took = ms(() => (doc = new SvcSqlDocument(text)).analysis());
    const a = doc.analysis();
    slowest = Math.max(slowest, took / Math.max(1, a.statements.length));
    assert.ok(took < LIMIT_MS * Math.max(1, a.statements.length), `${label}: ${took.toFixed(1)} ms`);
    for (const s of a.statements) rangeInside(doc, s.range, `${label} statement`);
    for (const d of a.diagnostics) rangeInside(doc, d.range, `${label} diagnostic ${d.code}`);
    for (let k = 0; k < 3; k++) {
      const p = doc.lines.positionAt(Math.floor(r() * (text.length + 1)));
      for (const item of complete(doc, p)) if (item.replace) rangeInside(doc, item.replace, `${label} completion at ${JSON.stringify(p)}`);
      const h = hover(doc, p);
      if (h) rangeInside(doc, h.range, `${label} hover at ${JSON.stringify(p)}`);
      const took2 = ms(() => (complete(doc, p), hover(doc, p)));
      assert.ok(took2 < LIMIT_MS, `${label}: completion/hover at ${JSON.stringify(p)} took ${took2.toFixed(1)} ms`);
    }
  }
  assert.ok(slowest < LIMIT_MS);
});
