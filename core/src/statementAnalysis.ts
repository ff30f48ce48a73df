import type { Token } from 'antlr4ng';
import { catalog } from './catalog/index';
import { writtenHead } from './describe';
import { CatalogHeads } from './model/headMatcher';
import { releaseClauses, resolveStatement } from './model/resolve';
import { releaseScratch } from './syntax/fastParse';
import type { ResolvedStatement } from './model/resolved';
import type { ParsedStatement, SyntaxIssue } from './syntax/elements';
import { lex } from './syntax/lex';
import { parseStatement } from './syntax/parseStatement';
import { syntaxFix } from './syntaxFixes';
import { flattened } from './text/flatCopy';
import type { Span, StatementDiagnostic } from './types';
import { isSpaceCode } from './validate/blank';
import { validateShared } from './validate/index';
import { withBareRunId } from './validate/runIds';
import { listedOnly, MAX_LISTED, noneUnlisted, type Unlisted } from './validate/unlisted';

/** The catalog's heads, built once: every analysis shares them. */
export const heads = new CatalogHeads(catalog);

/**
 * What is kept of one statement, independent of where it stands in the file: what every statement
 * needs (diagnostics, outline, the text to send). Its syntax model is rebuilt on demand for the
 * one statement a feature asks about (resolvedOf): keeping it for every statement made the model
 * of a large file most of its heap, and most of the garbage collector's work in a full analysis.
 */
export interface StatementAnalysis {
  /** The statement's text as written (comments included, no ';'). */
  text: string;
  diagnostics: StatementDiagnostic[];
  /** Catalog id, or 'unknown'. */
  kind: string;
  /** 'CREATE FLOW', or the leading words of an unknown statement. */
  title: string;
  name?: string;
  /** The text to send: comments blanked to spaces (line breaks kept), so service positions map back. */
  sendText: string;
  hasErrors: boolean;
  /**
   * The head and name (the outline's selection), relative to the statement: two numbers rather
   * than a Span, one object less for every statement a document keeps.
   */
  symbolStart: number;
  symbolEnd: number;
  /** Comments inside the statement (folding), relative to it. */
  comments: readonly Span[];
}

const models = new WeakMap<StatementAnalysis, ResolvedStatement>();

/**
 * The statement's resolved syntax model. Its text starts and ends at token boundaries, so lexing
 * it alone gives the tokens it had in the file, at offsets relative to its start
 * (test/core/resolvedOf.test.ts holds the two to equal).
 */
export function resolvedOf(analysis: StatementAnalysis): ResolvedStatement {
  let resolved = models.get(analysis);
  if (!resolved) {
    resolved = resolveStatement(parseStatement(lex(analysis.text), 0), heads);
    models.set(analysis, resolved);
  }
  return resolved;
}

const NO_COMMENTS: readonly Span[] = [];
/**
 * The diagnostics of a statement without any (most of a file): one shared, frozen array rather
 * than one per statement, which the young-generation GC copied and promoted with every analysis.
 */
const NO_DIAGNOSTICS: StatementDiagnostic[] = [];

function symbolEndOf(resolved: ResolvedStatement, text: string, title: string, first: number): number {
  const last = (resolved.name ?? resolved.head[resolved.head.length - 1])?.end ?? Math.min(text.length, first + title.length);
  return Math.max(first, last);
}

/**
 * One of the two shapes report() (validate/context.ts) makes, not a third (data added to a made
 * object): a diagnostic of a shape not seen yet deoptimised analyzeParsed, which reads them all.
 */
export function syntaxDiagnostic(issue: SyntaxIssue): StatementDiagnostic {
  const fix = syntaxFix(issue.code);
  return fix
    ? { span: issue.span, severity: 'error', code: issue.code, message: issue.message, data: fix }
    : { span: issue.span, severity: 'error', code: issue.code, message: issue.message };
}

function blankComments(text: string, comments: readonly Span[]): string {
  if (comments.length === 0) return text;
  let out = '';
  let at = 0;
  for (let k = 0; k < comments.length; k++) {
    const c = comments[k]!;
    out += text.slice(at, c.start);
    // Spaces for every code unit but line breaks, which stay (a line comment has none): runs of
    // spaces between them, without a copy of the comment or a regular expression over it.
    const end = Math.min(c.end, text.length);
    let run = c.start;
    for (let i = c.start; i < end; i++) {
      const code = text.charCodeAt(i);
      if (code !== 10 && code !== 13) continue;
      out += ' '.repeat(i - run) + text[i]!;
      run = i + 1;
    }
    out += ' '.repeat(Math.max(end - run, 0));
    at = c.end;
  }
  return out + text.slice(at);
}

/** `text.trim().split(/\s+/)[0]`, without splitting the whole statement into words. */
function firstWord(text: string): string {
  let start = 0;
  while (start < text.length && isSpaceCode(text.charCodeAt(start))) start++;
  let end = start;
  while (end < text.length && !isSpaceCode(text.charCodeAt(end))) end++;
  return text.slice(start, end);
}

// The two below are loops rather than spreads and map().join(): those deoptimised analyzeParsed
// ("wrong map") on the first call in a process, each time throwing its optimised code away.

/** The syntax issues as diagnostics, then `checks`, in one new list. */
function withSyntaxIssues(issues: readonly SyntaxIssue[], checks: readonly StatementDiagnostic[]): StatementDiagnostic[] {
  const out: StatementDiagnostic[] = [];
  for (let i = 0; i < issues.length; i++) out.push(syntaxDiagnostic(issues[i]!));
  for (let i = 0; i < checks.length; i++) out.push(checks[i]!);
  return out;
}

/** The head's words in upper case, joined by spaces. */
function joinedUpper(words: readonly { upper: string }[]): string {
  let out = '';
  for (let i = 0; i < words.length; i++) out += i === 0 ? words[i]!.upper : ' ' + words[i]!.upper;
  return out;
}

function hasError(diagnostics: readonly StatementDiagnostic[]): boolean {
  for (let i = 0; i < diagnostics.length; i++) if (diagnostics[i]!.severity === 'error') return true;
  return false;
}

/** Analyses one statement from its tokens (absolute offsets; `base` is its first offset). */
export function analyzeStatement(tokens: readonly Token[], base: number, text: string): StatementAnalysis {
  return analyzeParsed(parseStatement(tokens, base), text);
}

/**
 * Lets go of the nodes the parse's and the resolution's reused lists still hold, once a whole text
 * is walked (see fastParse.ts releaseScratch).
 */
export function releaseParseLists(): void {
  releaseScratch();
  releaseClauses();
}

/** What analyzeParsed's statement left out of its diagnostics (one statement at a time). */
const unlisted: Unlisted = { count: 0, severity: undefined };

/** Analyses one statement from its parse (parseStatement or parseChunk) and its text. */
export function analyzeParsed(parsed: ParsedStatement, text: string): StatementAnalysis {
  const resolved = resolveStatement(parsed, heads);
  // A statement of nothing but stray characters or an open comment has only its syntax issues.
  // The head as written: a statement written CREATE STREAM CAPTURE is not CREATE FLOW to its author.
  const head = resolved.spec ? writtenHead(resolved.spec, resolved.head) : undefined;
  noneUnlisted(unlisted);
  // A shared list (see validateShared): sorted in place and copied below.
  const checks = parsed.elements.length > 0 ? validateShared(resolved, text, head, unlisted) : NO_DIAGNOSTICS;
  let diagnostics = parsed.issues.length > 0 ? withSyntaxIssues(parsed.issues, checks) : checks;
  if (diagnostics.length > 1) diagnostics.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  if (resolved.spec?.name?.backticked) diagnostics = withBareRunId(resolved, text, diagnostics);
  const title = head ?? (flattened(joinedUpper(resolved.head)) || firstWord(text));
  const symbolStart = resolved.head[0]?.start ?? 0;
  const symbolEnd = symbolEndOf(resolved, text, title, symbolStart);
  if (diagnostics.length > MAX_LISTED || unlisted.count > 0) {
    diagnostics = listedOnly(diagnostics, unlisted, { start: symbolStart, end: symbolEnd });
  }
  // Kept lists are exact-size copies: a list grown by push has room for 17, ~140 bytes unused
  // (most kept lists hold one or two) in every statement a document keeps.
  diagnostics = diagnostics.length === 0 ? NO_DIAGNOSTICS : diagnostics.slice();
  return {
    text,
    diagnostics,
    kind: resolved.spec?.id ?? 'unknown',
    title,
    name: resolved.name?.text,
    sendText: flattened(blankComments(text, parsed.comments)),
    hasErrors: hasError(diagnostics),
    symbolStart,
    symbolEnd,
    // parseStatement and parseChunk make exact-size lists, nothing writes to: kept as they are.
    comments: parsed.comments.length ? parsed.comments : NO_COMMENTS,
  };
}
