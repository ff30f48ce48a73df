// What every rule gets: the resolved statement, its text, and a place to put diagnostics.
import type { StatementSpec } from '../catalog/types';
import type { DiagnosticCode } from '../diagnostics/codes';
import type { ResolvedStatement } from '../model/resolved';
import type { DiagnosticData, Severity, Span, StatementDiagnostic } from '../types';
import { flattened } from '../text/flatCopy';
import { blankBetween } from './blank';
import { countUnlisted, MAX_LISTED, type Unlisted } from './unlisted';

export interface RuleContext {
  resolved: ResolvedStatement;
  /** The statement's text; every span is an offset into it. */
  text: string;
  /** At most MAX_LISTED: report() counts the rest in `unlisted`. */
  out: StatementDiagnostic[];
  unlisted: Unlisted;
  /** The statement's kind is `argumentsOnly` (catalog/types.ts): its own rules report at most information. */
  argumentsOnly: boolean;
}

/** A rule that only applies to statements the catalog knows. */
export interface KnownContext extends RuleContext {
  spec: StatementSpec;
  /** The head as written (CREATE STREAM CAPTURE), upper case: messages name it. */
  head: string;
}

/** Every rule reports through here, so its code must be one of the registry (core/src/diagnostics/codes.ts). */
export function report(
  ctx: RuleContext,
  span: Span,
  reported: Severity,
  code: DiagnosticCode,
  message: string,
  data?: DiagnosticData,
): void {
  if (listFull(ctx)) {
    counted(ctx, reported, code);
    return;
  }
  const severity = severityOf(ctx, reported, code);
  // A document keeps every message (most are written from pieces: a value, the values expected).
  message = flattened(message);
  ctx.out.push(data ? { span, severity, code, message, data } : { span, severity, code, message });
}

/**
 * True when the statement's list is full (MAX_LISTED): report() would only count. A rule whose
 * message costs work asks first and calls counted() instead: a WITH of 700,000 unknown keys had
 * a suggestion searched for and a message written for each, 1.5 s of its lint, for 1,000 shown.
 */
export function listFull(ctx: RuleContext): boolean {
  return ctx.out.length >= MAX_LISTED;
}

/** What report() does with a full list: counts the problem, with the severity it would have had. */
export function counted(ctx: RuleContext, reported: Severity, code: DiagnosticCode): void {
  countUnlisted(ctx.unlisted, severityOf(ctx, reported, code));
}

function severityOf(ctx: RuleContext, reported: Severity, code: DiagnosticCode): Severity {
  return ctx.argumentsOnly && !DIALECT_WIDE.has(code) ? atMostInformation(reported) : reported;
}

/**
 * Rules that hold for every statement of the dialect, whatever its layout: statements separated
 * (stray-words says one starts inside another), WITH keys quoted (the reference's grammar).
 */
const DIALECT_WIDE: ReadonlySet<string> = new Set(['stray-words', 'unquoted-with-key']);

function atMostInformation(severity: Severity): Severity {
  return severity === 'error' || severity === 'warning' ? 'information' : severity;
}

export function cover(first: Span, last: Span): Span {
  return { start: first.start, end: last.end };
}

/** The head words and, when present, the object name: where statement-wide problems are shown. */
export function headSpan(ctx: KnownContext | RuleContext): Span {
  const { head, name } = ctx.resolved;
  if (head.length === 0) return { start: 0, end: 0 };
  const first = head[0]!.span;
  return cover(first, name?.span ?? head[head.length - 1]!.span);
}

/**
 * True when a syntax issue lies on the span or is separated from it by white space only:
 * the parse around it is unreliable, and the syntax error already says what is wrong.
 */
/**
 * nearSyntaxIssue of a node's span, which is not read (for a word or a value, made) when the
 * statement has no syntax issue: every value checked asks.
 */
export function nodeNearSyntaxIssue(ctx: RuleContext, node: { readonly span: Span }): boolean {
  return ctx.resolved.parsed.issues.length > 0 && nearSyntaxIssue(ctx, node.span);
}

export function nearSyntaxIssue(ctx: RuleContext, span: Span): boolean {
  // A loop, not `some` with a closure: it runs for every value checked, most of them with no issue.
  const issues = ctx.resolved.parsed.issues;
  for (let i = 0; i < issues.length; i++) {
    const issue = issues[i]!.span;
    if (issue.start <= span.end && issue.end >= span.start) return true;
    if (issue.start >= span.end ? blankBetween(ctx.text, span.end, issue.start) : blankBetween(ctx.text, issue.end, span.start))
      return true;
  }
  return false;
}

/** True when `value` can be written as a bare (possibly dotted) name. */
export function isBareName(value: string): boolean {
  return /^[A-Za-z_][A-Za-z_0-9]*(\.[A-Za-z_][A-Za-z_0-9]*)*$/.test(value);
}

/** Ends a message with a full stop unless it already ends with one or with a question. */
export function sentence(text: string): string {
  return /[.?]$/.test(text) ? text : `${text}.`;
}
