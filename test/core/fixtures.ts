// Shared helpers of the fixture-driven core tests: where the fixtures are, how a diagnostic is
// written in them, and how edits are applied to a text.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CoreDiagnostic, CoreTextEdit } from '../../core/src/index';
import { LineIndex } from '../../core/src/text/lineIndex';

/** test/fixtures, found from the bundle (out/test/core) or from the repository root. */
export const fixturesDir = [join(__dirname, '../../../test/fixtures'), join(process.cwd(), 'test/fixtures')].find((d) => existsSync(d))!;

/** Every .svcsql file under dir, sorted (build output, dependencies and dot folders left out). */
export function svcsqlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    if (entry === 'node_modules' || entry === 'out' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...svcsqlFiles(path));
    else if (entry.endsWith('.svcsql')) out.push(path);
  }
  return out;
}

export interface InvalidCase {
  name: string;
  text: string[];
  expect: string[];
}

export function invalidCases(): InvalidCase[] {
  return (JSON.parse(readFileSync(join(fixturesDir, 'invalid/cases.json'), 'utf8')) as { cases: InvalidCase[] }).cases;
}

export function validFiles(): { name: string; text: string }[] {
  const dir = join(fixturesDir, 'valid');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.svcsql'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}

/** 'error quoted-integer 0:22-0:25'. */
export function key(d: CoreDiagnostic): string {
  const r = d.range;
  return `${d.severity} ${d.code} ${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
}

/** Applies non-overlapping edits (LSP semantics: all ranges refer to the original text). */
export function applyEdits(text: string, edits: readonly CoreTextEdit[]): string {
  const lines = new LineIndex(text);
  const spans = edits
    .map((e) => ({ start: lines.offsetAt(e.range.start), end: lines.offsetAt(e.range.end), text: e.newText }))
    .sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const s of spans) out = out.slice(0, s.start) + s.text + out.slice(s.end);
  return out;
}

/** How many times each value occurs. */
export function counts(values: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}
