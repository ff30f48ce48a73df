// Parse errors reported by the service, shown as diagnostics (source 'service') in the file.
// Each remembers its statement's range: an edit touching the statement clears it, an edit above
// it moves it (a DiagnosticCollection does not follow edits by itself).
import * as vscode from 'vscode';
import type { Span } from './history';
import { overlaps, shiftSpan } from './positions';
import { type MappedDiagnostic, SERVICE_PARSE_CODE, serviceParseHelpUri } from './serviceDiagnostics';

interface Entry {
  statement: Span;
  diag: MappedDiagnostic;
}

/** A statement being run: follows edits so the outcome maps to where the statement is now. */
export interface TrackedStatement {
  /** The statement's range now, or undefined once an edit touched it (or its file closed). */
  current(): Span | undefined;
  dispose(): void;
}

interface Tracked {
  uri: string;
  span: Span | undefined;
}

const toRange = (s: Span) => new vscode.Range(s.start.line, s.start.character, s.end.line, s.end.character);
const fromRange = (r: vscode.Range): Span => ({
  start: { line: r.start.line, character: r.start.character },
  end: { line: r.end.line, character: r.end.character },
});

export class ServiceDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('svcsql-service');
  private readonly code = { value: SERVICE_PARSE_CODE, target: vscode.Uri.parse(serviceParseHelpUri()) };
  private readonly entries = new Map<string, Entry[]>();
  private readonly tracked = new Set<Tracked>();
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      vscode.workspace.onDidChangeTextDocument((e) => this.onChange(e)),
      vscode.workspace.onDidCloseTextDocument((d) => this.clearUri(d.uri.toString())),
    ];
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
    this.collection.dispose();
  }

  /** Replaces the diagnostics of statements overlapping `statement` (a new run's outcome). */
  set(uri: string, statement: Span, diag: MappedDiagnostic | undefined): void {
    const kept = (this.entries.get(uri) ?? []).filter((e) => !sameOrOverlapping(e.statement, statement));
    if (diag) kept.push({ statement, diag });
    this.entries.set(uri, kept);
    this.publish(uri);
  }

  track(uri: string, statement: Span): TrackedStatement {
    const t: Tracked = { uri, span: statement };
    this.tracked.add(t);
    return { current: () => t.span, dispose: () => this.tracked.delete(t) };
  }

  clearUri(uri: string): void {
    for (const t of this.tracked) if (t.uri === uri) t.span = undefined;
    if (this.entries.delete(uri)) this.collection.delete(vscode.Uri.parse(uri));
  }

  /** For tests and the API: the current service diagnostics of a document. */
  get(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.collection.get(uri) ?? [];
  }

  private onChange(e: vscode.TextDocumentChangeEvent): void {
    const uri = e.document.uri.toString();
    if (!e.contentChanges.length) return;
    const edits = e.contentChanges.map((c) => ({ range: fromRange(c.range), text: c.text }));
    for (const t of this.tracked) {
      if (t.uri !== uri) continue;
      for (const edit of edits) t.span = t.span && shiftSpan(t.span, edit);
    }
    let list = this.entries.get(uri);
    if (!list?.length) return;
    // contentChanges are applied in order, each against the text left by the previous one.
    for (const edit of edits) {
      list = list.flatMap((entry) => {
        const statement = shiftSpan(entry.statement, edit);
        if (!statement) return [];
        const range = shiftSpan(entry.diag.range, edit) ?? entry.diag.range;
        return [{ statement, diag: { ...entry.diag, range } }];
      });
    }
    this.entries.set(uri, list);
    this.publish(uri);
  }

  private publish(uri: string): void {
    const list = this.entries.get(uri) ?? [];
    this.collection.set(
      vscode.Uri.parse(uri),
      list.map((e) => {
        const d = new vscode.Diagnostic(toRange(e.diag.range), e.diag.message, vscode.DiagnosticSeverity.Error);
        d.source = 'service';
        d.code = this.code;
        return d;
      }),
    );
  }
}

function sameOrOverlapping(a: Span, b: Span): boolean {
  return overlaps(a, b) || (a.start.line === b.start.line && a.start.character === b.start.character);
}
