import type { CodeAction, CompletionItem, Diagnostic, DocumentSymbol, FoldingRange, Hover } from 'vscode-languageserver/node';
import {
  CodeActionKind,
  CompletionItemKind,
  DiagnosticSeverity,
  FoldingRangeKind,
  InsertTextFormat,
  MarkupKind,
  SymbolKind,
} from './lspValues';
import type {
  CompletionKind,
  CoreCodeAction,
  CoreCompletion,
  CoreDiagnostic,
  CoreFoldingRange,
  CoreHover,
  CoreSymbol,
  Severity,
} from '../../../core/src/index';
import { currentDiagnostic, diagnosticHelpUri, type SvcSqlDocument } from '../../../core/src/index';
import { repository } from '../../../package.json';

// Core results are shaped like LSP's; these functions only translate enums and names.

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

const SEVERITY_BACK: Record<number, Severity> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'information',
  [DiagnosticSeverity.Hint]: 'hint',
};

/** The repository's home, for links to docs/diagnostics.md. */
const HOME = repository.url.replace(/\.git$/, '');
const codeLinks = new Map<string, { href: string } | undefined>();

/** The link to the code's entry in docs/diagnostics.md (the editor shows the code as a link in hover and Problems). */
export function codeDescription(code: string): { href: string } | undefined {
  if (!codeLinks.has(code)) {
    const href = diagnosticHelpUri(code, HOME);
    codeLinks.set(code, href ? { href } : undefined);
  }
  return codeLinks.get(code);
}

/**
 * `links`: whether the code carries its docs link (DiagnosticConverter). Without the core's fix data: a quick fix finds it again in the document (codeActionDiagnostic).
 * Every diagnostic is published again after each keystroke, so the smaller the better; and fix
 * data held absolute offsets, which changed with any edit above it: now a diagnostic the edit did
 * not move is the same JSON as before (test/lsp/diagnosticWire.test.ts).
 */
export function toDiagnostic(d: CoreDiagnostic, links: boolean): Diagnostic {
  const link = links ? codeDescription(d.code) : undefined;
  const out: Diagnostic = {
    range: d.range,
    severity: SEVERITY[d.severity],
    code: d.code,
    source: d.source,
    message: d.message,
  };
  if (link) out.codeDescription = link;
  return out;
}

/** Whether toDiagnostic(d) (with the same `links`) would give what `lsp` holds: same range object, severity, code, source and message. */
export function sameLspForm(lsp: Diagnostic, d: CoreDiagnostic): boolean {
  return (
    lsp.range === d.range &&
    lsp.severity === SEVERITY[d.severity] &&
    lsp.code === d.code &&
    lsp.source === d.source &&
    lsp.message === d.message
  );
}

/** A diagnostic as the client sends it back in a code action request. */
export function fromDiagnostic(d: Diagnostic): CoreDiagnostic {
  return {
    range: d.range,
    severity: SEVERITY_BACK[d.severity ?? DiagnosticSeverity.Error] ?? 'error',
    code: String(d.code ?? ''),
    message: typeof d.message === 'string' ? d.message : d.message.value,
    source: 'svcsql',
  };
}

/** The document's own diagnostic for one the client sent back, with its fix data; as sent when the document has none such. */
export function codeActionDiagnostic(doc: SvcSqlDocument, d: Diagnostic): CoreDiagnostic {
  const sent = fromDiagnostic(d);
  return currentDiagnostic(doc, sent) ?? sent;
}

const COMPLETION_KIND: Record<CompletionKind, CompletionItemKind> = {
  statement: CompletionItemKind.Snippet,
  keyword: CompletionItemKind.Keyword,
  clause: CompletionItemKind.Property,
  value: CompletionItemKind.EnumMember,
  property: CompletionItemKind.Field,
  name: CompletionItemKind.Reference,
};

export function toCompletionItem(c: CoreCompletion): CompletionItem {
  const item: CompletionItem = {
    label: c.label,
    kind: COMPLETION_KIND[c.kind],
    detail: c.detail,
    documentation: c.documentation ? { kind: MarkupKind.Markdown, value: c.documentation } : undefined,
    insertTextFormat: c.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    sortText: c.sortText,
    filterText: c.filterText,
    preselect: c.preselect,
  };
  const text = c.insertText ?? c.label;
  if (c.replace) item.textEdit = { range: c.replace, newText: text };
  else item.insertText = text;
  return item;
}

export function toHover(h: CoreHover): Hover {
  return { contents: { kind: MarkupKind.Markdown, value: h.contents }, range: h.range };
}

export function toSymbol(s: CoreSymbol): DocumentSymbol {
  return { name: s.name, detail: s.detail, kind: SymbolKind.Event, range: s.range, selectionRange: s.selectionRange };
}

export function toFoldingRange(f: CoreFoldingRange): FoldingRange {
  return {
    startLine: f.startLine,
    endLine: f.endLine,
    kind: f.kind === 'comment' ? FoldingRangeKind.Comment : f.kind === 'region' ? FoldingRangeKind.Region : undefined,
  };
}

/** `diagnostic`: the LSP form the connection publishes (DiagnosticConverter). */
export function toCodeAction(a: CoreCodeAction, uri: string, diagnostic: (d: CoreDiagnostic) => Diagnostic): CodeAction {
  return {
    title: a.title,
    kind: CodeActionKind.QuickFix,
    diagnostics: a.diagnostics.map(diagnostic),
    isPreferred: a.isPreferred,
    edit: { changes: { [uri]: a.edits.map((e) => ({ range: e.range, newText: e.newText })) } },
  };
}
