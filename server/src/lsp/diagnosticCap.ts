// At most MAX_PUBLISHED diagnostics per document, chosen as VS Code chooses when it is sent more:
// its extension host keeps the first 1,000 of a file, errors first, then warnings, information
// and hints (each in document order), and says how many it left out. Choosing here, before
// converting and encoding, keeps a keystroke in a file with tens of thousands of problems from
// sending megabytes the editor would drop (the full-feature limit is 20 MiB: largeDocument.ts).
import { MAX_LISTED, SEVERITIES, type CoreDiagnostic, type Severity, type SvcSqlDocument } from '../../../core/src/index';

/** VS Code's per-file limit, less the one diagnostic that says how many were left out. */
export const MAX_PUBLISHED = 999;

/** The diagnostics to publish: all of them when they fit, else the first by severity and a count of the rest. */
export function capDiagnostics(all: readonly CoreDiagnostic[]): readonly CoreDiagnostic[] {
  if (all.length <= MAX_PUBLISHED + 1) return all;
  const kept: CoreDiagnostic[] = [];
  const taken = new Set<CoreDiagnostic>();
  for (const severity of SEVERITIES) {
    for (let i = 0; i < all.length && kept.length < MAX_PUBLISHED; i++) {
      if (all[i]!.severity === severity) {
        kept.push(all[i]!);
        taken.add(all[i]!);
      }
    }
  }
  // Document order, as an uncapped list is.
  return withNote(
    all.filter((d) => taken.has(d)),
    all.find((d) => !taken.has(d))!,
    all.length - kept.length,
  );
}

/** `kept` and, after them, the note of how many were left out: a new array of exactly that length. */
function withNote(kept: readonly CoreDiagnostic[], firstLeft: CoreDiagnostic, left: number): CoreDiagnostic[] {
  return kept.concat({
    range: { start: firstLeft.range.start, end: firstLeft.range.start },
    severity: 'information',
    code: 'too-many-problems',
    source: 'svcsql',
    message: `${left} more problems in this file are not shown: the editor lists ${MAX_PUBLISHED + 1} per file, errors first. \`svcsql lint\` lists them all (up to ${MAX_LISTED.toLocaleString('en-US')} a statement).`,
  });
}

/**
 * capDiagnostics(doc.diagnostics()) without converting every diagnostic of the document: the
 * counts per severity say how many of each are kept, and the walk in document order converts the
 * statements that hold those (and the first one left out), then stops (doc.firstDiagnostics,
 * which keeps its answer until an edit reaches that far). In a 20 MiB file with tens of thousands
 * of problems a keystroke so converts about a thousand, not all of them.
 */
export function cappedDiagnostics(doc: SvcSqlDocument): readonly CoreDiagnostic[] {
  const counts = doc.diagnosticCounts();
  const total = counts.error + counts.warning + counts.information + counts.hint;
  if (total <= MAX_PUBLISHED + 1) return doc.diagnostics();
  const quota: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  let room = MAX_PUBLISHED;
  for (const severity of SEVERITIES) {
    quota[severity] = Math.min(counts[severity], room);
    room -= quota[severity];
  }
  const { kept, firstLeft } = doc.firstDiagnostics(quota);
  const left = total - kept.length;
  // A keystroke below the kept ones (most, in a large file) changes neither them nor the note: the
  // same list again, which the converter and the encoder then pass on whole (no array, no note).
  const last = lastCapped.get(doc);
  if (last && last.kept === kept && last.firstLeft === firstLeft && last.left === left) return last.list;
  const list = withNote(kept, firstLeft!, left);
  lastCapped.set(doc, { kept, firstLeft, left, list });
  return list;
}

/** The last cappedDiagnostics answer for each document, and what it was made of. */
const lastCapped = new WeakMap<
  SvcSqlDocument,
  { kept: readonly CoreDiagnostic[]; firstLeft: CoreDiagnostic | undefined; left: number; list: readonly CoreDiagnostic[] }
>();
