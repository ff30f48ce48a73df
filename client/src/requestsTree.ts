// The "Requests" view: one item per run (newest first) with its state icon, first words and
// duration; children show the request id, status and the response, nested objects expandable.
import * as vscode from 'vscode';
import { formatTime, jsonChildren, jsonNode, type JsonNode, runLabel, runTooltipMarkdown, shortApiStatus, stateIcon } from './runText';
import { isRunning, type HistoryEntry, type HistoryModel } from './history';

export type RequestNode = { type: 'run'; entry: HistoryEntry } | { type: 'field'; entryId: string; path: string; node: JsonNode };

export class RequestsTree implements vscode.TreeDataProvider<RequestNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<RequestNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private ticker: ReturnType<typeof setInterval> | undefined;
  private pendingFire: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly history: HistoryModel,
    private readonly isActive: (id: string) => boolean,
  ) {
    this.subscriptions.push(history.onDidChange(() => this.refresh()));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    if (this.ticker) clearInterval(this.ticker);
    if (this.pendingFire) clearTimeout(this.pendingFire);
    this.changed.dispose();
  }

  /** Coalesces bursts of history changes into one repaint; ticks once a second while runs go on. */
  refresh(): void {
    if (!this.pendingFire) {
      this.pendingFire = setTimeout(() => {
        this.pendingFire = undefined;
        this.changed.fire(undefined);
      }, 50);
    }
    const running = this.history.running().some((e) => this.isActive(e.id));
    if (running && !this.ticker) this.ticker = setInterval(() => this.refresh(), 1000);
    if (!running && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
  }

  getChildren(node?: RequestNode): RequestNode[] {
    if (!node) return this.history.list().map((entry) => ({ type: 'run', entry }));
    if (node.type === 'field')
      return jsonChildren(node.node.value).map((c) => ({ type: 'field', entryId: node.entryId, path: `${node.path}/${c.key}`, node: c }));
    const e = node.entry;
    const fields: Array<[string, unknown]> = [];
    if (e.requestId) fields.push(['requestId', e.requestId]);
    fields.push(['status', e.apiStatus ? shortApiStatus(e.apiStatus) : e.state]);
    if (e.error)
      fields.push([
        'error',
        e.error.httpStatus ? `${e.error.kind} (HTTP ${e.error.httpStatus}): ${e.error.message}` : `${e.error.kind}: ${e.error.message}`,
      ]);
    if (e.apiResponse !== undefined) fields.push(['apiResponse', e.apiResponse]);
    fields.push(['profile', e.profile], ['submitted', formatTime(e.submittedAt)]);
    return fields.map(([key, value]) => ({ type: 'field', entryId: e.id, path: key, node: jsonNode(key, value) }));
  }

  getTreeItem(node: RequestNode): vscode.TreeItem {
    if (node.type === 'field') {
      const n = node.node;
      const expand = n.expandable
        ? node.path === 'apiResponse'
          ? vscode.TreeItemCollapsibleState.Expanded
          : vscode.TreeItemCollapsibleState.Collapsed
        : vscode.TreeItemCollapsibleState.None;
      const item = new vscode.TreeItem(n.key, expand);
      item.id = `${node.entryId}/${node.path}`;
      item.description = n.description;
      item.tooltip = n.expandable ? undefined : `${n.key}: ${n.description}`;
      item.contextValue = node.path === 'requestId' ? 'svcsqlField requestId' : 'svcsqlField';
      return item;
    }
    const e = node.entry;
    const { label, description } = runLabel(e);
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = e.id;
    const active = this.isActive(e.id);
    const icon = e.state === 'pending' && !active ? { id: 'clock' } : stateIcon(e.state);
    item.iconPath = new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
    item.description = e.state === 'pending' && !active ? `${description} · not polling` : description;
    item.tooltip = new vscode.MarkdownString(runTooltipMarkdown(e)); // escaped: untrusted text
    // Flags are space-separated words, matched in package.json `when` clauses with =~ /\bword\b/.
    const flags = ['svcsqlRun', isRunning(e.state) ? 'running' : 'done'];
    if (e.requestId) flags.push('hasId');
    if (e.statement.trim()) flags.push('hasStatement');
    if (e.uri) flags.push('hasSource');
    if (e.apiResponse !== undefined || e.error) flags.push('hasResponse');
    item.contextValue = flags.join(' ');
    return item;
  }
}
