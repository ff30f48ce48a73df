// docs/diagnostics.md written from the registry of codes (codes.ts), as docs/statements.md is
// written from the catalog: one entry per code, whose anchor is the code (SARIF helpUri and the
// editor's link to a diagnostic's code point at it).
import type { DiagnosticCodeSpec } from './codes';

const FROM: Record<DiagnosticCodeSpec['from'], string> = {
  core: 'the language core (the editor and `svcsql lint` alike)',
  server: 'the language server (the editor only)',
  extension: "the extension, from the service's reply to Run",
};

export function diagnosticsMarkdown(codes: readonly DiagnosticCodeSpec[]): string {
  const out: string[] = [
    '# Diagnostic codes',
    '',
    '<!-- Generated from core/src/diagnostics/codes.ts by `npm run docs`: do not edit by hand. -->',
    '',
    'Every code svcsql reports, in the editor (Problems view, hover) and from `svcsql lint` (text, JSON,',
    'SARIF, GitHub annotations). Where a severity depends on how sure the catalog is of a rule, see',
    '[How sure we are](statements.md#how-sure-we-are). A quick fix is offered where the fix is certain.',
    '',
    '| code | severity | what it means |',
    '|---|---|---|',
    ...codes.map((c) => `| [\`${c.code}\`](#${c.code}) | ${cell(c.severity)} | ${cell(c.summary)} |`),
  ];
  for (const c of codes) {
    out.push('', `### ${c.code}`, '', c.summary, '', `- Severity: ${c.severity}.`, `- Reported by ${FROM[c.from]}.`);
    if (c.fix) out.push(`- Fix: ${c.fix}${c.quickFix ? ' A quick fix is offered.' : ''}`);
    if (c.example) out.push('', 'Example:', '', '```svcsql', c.example, '```');
  }
  return `${out.join('\n')}\n`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}
