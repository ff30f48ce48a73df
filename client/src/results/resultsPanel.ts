// The "Service SQL Results" webview panel: one panel, reused, showing one run at a time with
// back/forward over the runs it showed. One panel rather than one per run: runs are many and
// short (a SHOW after every CREATE), a tab per run would bury the editor, and back/forward gives
// the comparison people do want. The page gets data by postMessage only (resultsHtml.ts).
import * as vscode from 'vscode';
import type { HistoryEntry, HistoryModel } from '../history';
import type { RedactingLog } from '../log';
import type { Redactor } from '../redact';
import { RunNavigation } from './navigation';
import { type FromPage, parseFromPage, type ToPage } from './protocol';
import { resultsHtml } from './resultsHtml';
import { runViewOf } from './runView';
import { copyResultsText, saveResultsText } from './saveResults';

export const RESULTS_VIEW_TYPE = 'svcsql.results';

/** A run the panel shows: by id when it is in the history (it follows updates), else a snapshot. */
type Shown = { id: string; snapshot?: HistoryEntry };

export interface Rendered {
  runId: string;
  rows: number;
  ms: number;
}

export class ResultsPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private ready = false;
  private readonly nav = new RunNavigation<Shown>((a, b) => a.id === b.id);
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly waiting = new Map<string, ((r: Rendered | undefined) => void)[]>();
  private updateTimer: ReturnType<typeof setTimeout> | undefined;
  private lastPosted: { id: string; updatedAt: number } | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly history: HistoryModel,
    private readonly redactor: Redactor,
    private readonly log: RedactingLog,
  ) {
    this.subscriptions.push(history.onDidChange(() => this.historyChanged()));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    if (this.updateTimer) clearTimeout(this.updateTimer);
    this.panel?.dispose();
    for (const fns of this.waiting.values()) for (const f of fns) f(undefined);
    this.waiting.clear();
  }

  /**
   * Opens (or reveals) the panel on a run. Resolves once the page has drawn it, with the row count
   * and the time the drawing took (used by the e2e figures); undefined if it did not draw in time.
   */
  show(entry: HistoryEntry, options: { preserveFocus?: boolean } = {}): Promise<Rendered | undefined> {
    const inHistory = this.history.get(entry.id) === entry;
    this.nav.push(inHistory ? { id: entry.id } : { id: entry.id, snapshot: entry });
    const drawn = this.whenRendered(entry.id);
    this.ensurePanel(options.preserveFocus ?? false);
    this.post(true);
    return drawn;
  }

  private whenRendered(runId: string, ms = 20_000): Promise<Rendered | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(undefined), ms);
      const done = (r: Rendered | undefined) => {
        clearTimeout(timer);
        const list = this.waiting.get(runId)?.filter((f) => f !== done);
        if (list?.length) this.waiting.set(runId, list);
        else this.waiting.delete(runId);
        resolve(r);
      };
      this.waiting.set(runId, [...(this.waiting.get(runId) ?? []), done]);
    });
  }

  private ensurePanel(preserveFocus: boolean): void {
    if (this.panel) {
      this.panel.reveal(undefined, preserveFocus);
      return;
    }
    const out = vscode.Uri.joinPath(this.extensionUri, 'out');
    const panel = vscode.window.createWebviewPanel(
      RESULTS_VIEW_TYPE,
      'Service SQL Results',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus },
      // Only the bundled page assets can be loaded; no retainContextWhenHidden: the page restores
      // its view state (tab, filter, sort) itself, so a hidden panel holds no memory.
      { enableScripts: true, enableFindWidget: true, localResourceRoots: [out] },
    );
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'svcsql.svg');
    const w = panel.webview;
    panel.webview.html = resultsHtml({
      cspSource: w.cspSource,
      scriptUri: w.asWebviewUri(vscode.Uri.joinPath(out, 'results-webview.js')).toString(),
      styleUri: w.asWebviewUri(vscode.Uri.joinPath(out, 'results-webview.css')).toString(),
    });
    this.ready = false;
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.ready = false;
    });
    panel.webview.onDidReceiveMessage((m: unknown) => void this.onMessage(parseFromPage(m)));
    this.panel = panel;
  }

  private current(): HistoryEntry | undefined {
    const cur = this.nav.current();
    if (!cur) return undefined;
    return cur.snapshot ?? this.history.get(cur.id);
  }

  private post(force: boolean): void {
    if (!this.panel || !this.ready) return;
    const e = this.current();
    if (!e) return;
    if (!force && this.lastPosted?.id === e.id && this.lastPosted.updatedAt === e.updatedAt) return;
    this.lastPosted = { id: e.id, updatedAt: e.updatedAt };
    const msg: ToPage = { type: 'show', run: runViewOf(e, (v) => this.redactor.value(v)), nav: this.nav.state() };
    this.panel.title = `Results: ${e.title || 'run'}`;
    void this.panel.webview.postMessage(msg);
  }

  /** Follows the shown run while it changes (a pending run ending); forgets runs removed from history. */
  private historyChanged(): void {
    this.nav.removeWhere((s) => !s.snapshot && !this.history.get(s.id));
    if (!this.panel || this.updateTimer) return;
    this.updateTimer = setTimeout(() => {
      this.updateTimer = undefined;
      this.post(false);
    }, 150);
  }

  private async onMessage(m: FromPage | undefined): Promise<void> {
    if (!m) return;
    switch (m.type) {
      case 'ready':
        this.ready = true;
        this.post(true);
        return;
      case 'nav':
        if (this.nav.go(m.to === 'back' ? -1 : 1)) this.post(true);
        return;
      case 'copy':
        return copyResultsText(m.text, m.what);
      case 'save':
        return saveResultsText(m.format, m.text, m.name, this.log);
      case 'openJson': {
        const e = this.current();
        if (!e) return;
        const doc = await vscode.workspace.openTextDocument({
          language: 'json',
          content: JSON.stringify(this.redactor.value(e.apiResponse) ?? null, null, 2),
        });
        await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Active });
        return;
      }
      case 'rendered':
        for (const f of this.waiting.get(m.runId) ?? []) f({ runId: m.runId, rows: m.rows, ms: m.ms });
        return;
    }
  }
}
