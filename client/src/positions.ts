// Plain position arithmetic shared by statement picking and diagnostic bookkeeping (no vscode).
import type { Pos, Span } from './history';

export function cmp(a: Pos, b: Pos): number {
  return a.line - b.line || a.character - b.character;
}

export function contains(span: Span, p: Pos): boolean {
  return cmp(span.start, p) <= 0 && cmp(p, span.end) <= 0;
}

/** True when the spans share at least one character (touching ends do not overlap). */
export function overlaps(a: Span, b: Span): boolean {
  return cmp(a.start, b.end) < 0 && cmp(b.start, a.end) < 0;
}

/** True when an edit of `change` is inside or adjacent to `span` (so the span's text changed). */
export function touches(span: Span, change: Span): boolean {
  return cmp(change.start, span.end) <= 0 && cmp(span.start, change.end) <= 0;
}

export interface TextEdit {
  range: Span;
  text: string;
}

/** Moves a position that lies at or after the end of an edit by that edit's size. */
export function shiftPos(p: Pos, edit: TextEdit): Pos {
  if (cmp(p, edit.range.end) < 0) return p;
  const lines = edit.text.split(/\r\n|\r|\n/);
  const removedLines = edit.range.end.line - edit.range.start.line;
  const addedLines = lines.length - 1;
  const line = p.line + addedLines - removedLines;
  if (p.line !== edit.range.end.line) return { line, character: p.character };
  const lastLen = lines[lines.length - 1]!.length;
  const base = addedLines === 0 ? edit.range.start.character + lastLen : lastLen;
  return { line, character: base + (p.character - edit.range.end.character) };
}

/** The span after an edit, or undefined when the edit touches it (its text is no longer known). */
export function shiftSpan(span: Span, edit: TextEdit): Span | undefined {
  if (touches(span, edit.range)) return undefined;
  if (cmp(edit.range.start, span.end) > 0) return span;
  return { start: shiftPos(span.start, edit), end: shiftPos(span.end, edit) };
}
