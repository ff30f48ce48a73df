// The registry of diagnostic codes (core/src/diagnostics/codes.ts): every code the core can emit is
// in it, every example gets its code, and docs/diagnostics.md is what `npm run docs` writes from it.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { catalog } from '../../core/src/catalog/index';
import { diagnosticCodes, diagnosticCodeSpec, diagnosticHelpUri, type DiagnosticCode } from '../../core/src/diagnostics/codes';
import { diagnosticsMarkdown } from '../../core/src/diagnostics/diagnosticsMarkdown';
import { analyze } from '../../core/src/index';
import type { SyntaxCode } from '../../core/src/syntax/elements';
import { UNRESOLVED_REFERENCE } from '../../core/src/workspace/unresolvedReferences';
import { fixturesDir, invalidCases, validFiles } from '../core/fixtures';

// Compile-time: every syntax code and the workspace's code are codes of the registry (and every rule
// reports through validate/context.ts `report`, whose code parameter is a DiagnosticCode).
const syntaxCodesAreRegistered = (code: SyntaxCode): DiagnosticCode => code;
const unresolvedIsRegistered: DiagnosticCode = UNRESOLVED_REFERENCE;
void syntaxCodesAreRegistered;
void unresolvedIsRegistered;

test('codes are unique, and each has a summary, a severity and a fix or an example', () => {
  const seen = new Set<string>();
  for (const c of diagnosticCodes) {
    assert.ok(!seen.has(c.code), `${c.code} is listed once`);
    seen.add(c.code);
    assert.match(c.code, /^[a-z]+(-[a-z]+)*$/, `${c.code}: kebab case`);
    assert.ok(c.summary.length > 10 && !c.summary.includes('\n'), `${c.code}: a one-line summary`);
    assert.ok(c.severity.length > 0, `${c.code}: severity`);
    assert.ok(c.fix, `${c.code}: says what to do`);
  }
  assert.ok(diagnosticCodes.length >= 53, 'the ~53 codes of the core, and those of the server and the extension');
});

test("each registry example gets its code from the core's analysis", () => {
  let checked = 0;
  for (const c of diagnosticCodes) {
    if (!('example' in c) || !c.example) continue;
    const codes = analyze(c.example).diagnostics.map((d) => d.code);
    assert.ok(codes.includes(c.code), `${c.code}: its example gets it (got ${codes.join(', ') || 'nothing'}): ${c.example}`);
    checked++;
  }
  assert.ok(checked >= 50, `examples checked: ${checked}`);
});

test('every code the core emits over the fixture corpus, the catalog examples and the registry examples is in the registry', () => {
  const texts = [
    ...invalidCases().map((c) => c.text.join('\n')),
    ...validFiles().map((f) => f.text),
    ...catalog.statements.map((s) => s.example),
    ...diagnosticCodes.flatMap((c) => ('example' in c && c.example ? [c.example] : [])),
  ];
  const emitted = new Set<string>();
  for (const t of texts) for (const d of analyze(t).diagnostics) emitted.add(d.code);
  for (const code of emitted) assert.ok(diagnosticCodeSpec(code), `${code} is in core/src/diagnostics/codes.ts`);
  assert.ok(emitted.size >= 45, `codes seen: ${emitted.size}`);
});

test("every code literal in the core's sources is in the registry", () => {
  const root = join(fixturesDir, '../../core/src');
  const files = walk(root).filter((f) => f.endsWith('.ts') && !f.includes('generated'));
  const literals = new Set<string>();
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    // `code: 'x'`, and report(ctx, span, severity, 'x', …) whose code is the literal before the message.
    for (const m of text.matchAll(/\bcode: '([a-z]+(?:-[a-z]+)*)'/g)) literals.add(m[1]!);
    for (const m of text.matchAll(/report\(\s*ctx,[^;]*?,\s*'([a-z]+(?:-[a-z]+)+)',\s*[`'"]/g)) literals.add(m[1]!);
  }
  assert.ok(literals.size >= 20, `code literals found: ${literals.size}`);
  for (const code of literals) assert.ok(diagnosticCodeSpec(code), `${code} (a literal in core/src) is in the registry`);
});

test('docs/diagnostics.md is up to date with the registry, one anchored entry per code', () => {
  const committed = readFileSync(join(fixturesDir, '../../docs/diagnostics.md'), 'utf8');
  const generated = diagnosticsMarkdown(diagnosticCodes);
  assert.ok(committed === generated, 'docs/diagnostics.md is stale: run `npm run docs` and commit it');
  for (const c of diagnosticCodes) assert.ok(generated.includes(`\n### ${c.code}\n`), `${c.code} has its entry`);
});

test("help links point at the code's entry; none for a code outside the registry", () => {
  assert.equal(
    diagnosticHelpUri('quoted-integer', 'https://example.invalid/svcsql/'),
    'https://example.invalid/svcsql/blob/main/docs/diagnostics.md#quoted-integer',
  );
  assert.equal(diagnosticHelpUri('no-such-code', 'https://example.invalid/svcsql'), undefined);
});

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}
