// The "Service Objects" view: one group per kind the catalog lists (Clusters, Lakes, …), read lazily
// on expand; its children are the objects' names, or one item with a message (an error, nothing
// there, an unreadable response). Everything shown came from the service: labels and descriptions
// are plain text and tooltips are plain strings or Markdown built with appendText, never raw markup.
import * as vscode from 'vscode';
import type { ObjectKindEntry } from '../../../protocol/src/lspExtensions';
import type { CredentialStore } from '../credentials';
import { serviceAccessible } from '../serviceAccess';
import { type GroupState, groupDescription, messageOf, readTime } from './groupState';
import type { ObjectsModel } from './objectsModel';

export type ObjectNode =
  | { type: 'group'; kind: string }
  | { type: 'object'; kind: string; name: string }
  | {
      type: 'message';
      kind: string;
      text: string;
      severity: 'error' | 'warning' | 'info';
      action?: 'openResponse' | 'refresh' | 'trust' | 'configure';
    };

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export class ObjectsTree implements vscode.TreeDataProvider<ObjectNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ObjectNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly groups = new Map<string, ObjectNode>();

  constructor(
    private readonly model: ObjectsModel,
    private readonly creds: CredentialStore,
  ) {
    // The same node object must be fired for VS Code to repaint just that group.
    this.subscriptions.push(model.onDidChange((kind) => this.changed.fire(kind === undefined ? undefined : this.groupNode(kind))));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }

  private groupNode(kind: string): ObjectNode {
    let node = this.groups.get(kind);
    if (!node) this.groups.set(kind, (node = { type: 'group', kind }));
    return node;
  }

  getParent(node: ObjectNode): ObjectNode | undefined {
    return node.type === 'group' ? undefined : this.groupNode(node.kind);
  }

  async getChildren(node?: ObjectNode): Promise<ObjectNode[]> {
    if (!node) {
      // No connection, or (in the browser) a service refusing cross-origin calls: no groups, so the
      // welcome content shows (package.json viewsWelcome).
      const r = await this.creds.resolve();
      if (!r.ok || !(await serviceAccessible(r.connection, false))) return [];
      try {
        return (await this.model.kinds()).map((k) => this.groupNode(k.kind));
      } catch (err) {
        return [
          {
            type: 'message',
            kind: '',
            text: `The language server did not say which objects can be listed: ${err instanceof Error ? err.message : String(err)}`,
            severity: 'error',
            action: 'refresh',
          },
        ];
      }
    }
    if (node.type !== 'group') return [];
    const [state, spec] = await Promise.all([this.model.loaded(node.kind), this.model.kind(node.kind).catch(() => undefined)]);
    return this.childrenOf(node.kind, state, spec?.plural ?? node.kind);
  }

  private childrenOf(kind: string, state: GroupState, plural: string): ObjectNode[] {
    if (state.status === 'loaded' && state.names.length) return state.names.map((name) => ({ type: 'object', kind, name }));
    const text = messageOf(state, plural);
    if (!text) return [];
    if (state.status === 'unreadable') return [{ type: 'message', kind, text, severity: 'warning', action: 'openResponse' }];
    if (state.status === 'error') {
      const action = /Restricted Mode/.test(text)
        ? 'trust'
        : /No usable connection/.test(text)
          ? 'configure'
          : state.result
            ? 'openResponse'
            : 'refresh';
      return [{ type: 'message', kind, text, severity: 'error', action }];
    }
    return [{ type: 'message', kind, text, severity: 'info', ...(state.status === 'cancelled' ? { action: 'refresh' as const } : {}) }];
  }

  async getTreeItem(node: ObjectNode): Promise<vscode.TreeItem> {
    const spec = node.kind ? await this.model.kind(node.kind).catch(() => undefined) : undefined;
    if (node.type === 'group') return this.groupItem(node.kind, spec);
    if (node.type === 'object') return this.objectItem(node, spec);
    const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
    item.id = `${node.kind}/message`;
    item.tooltip = node.text;
    item.iconPath = new vscode.ThemeIcon(
      node.severity === 'error' ? 'error' : node.severity === 'warning' ? 'warning' : 'info',
      node.severity === 'info'
        ? undefined
        : new vscode.ThemeColor(node.severity === 'error' ? 'errorForeground' : 'list.warningForeground'),
    );
    item.contextValue = `svcsqlObjectMessage${node.action ? ` ${node.action}` : ''}`;
    const commands: Record<NonNullable<typeof node.action>, vscode.Command> = {
      openResponse: { command: 'svcsql.objects.openResponse', title: 'Open Response', arguments: [this.groupNode(node.kind)] },
      refresh: {
        command: node.kind ? 'svcsql.objects.refresh' : 'svcsql.objects.refreshAll',
        title: 'Refresh',
        arguments: node.kind ? [this.groupNode(node.kind)] : [],
      },
      trust: { command: 'workbench.trust.manage', title: 'Manage Workspace Trust' },
      configure: { command: 'svcsql.configureConnection', title: 'Configure Connection' },
    };
    if (node.action) item.command = commands[node.action];
    return item;
  }

  private groupItem(kind: string, spec: ObjectKindEntry | undefined): vscode.TreeItem {
    const state = this.model.state(kind);
    const item = new vscode.TreeItem(capitalized(spec?.plural ?? kind), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `group/${kind}`;
    item.description = groupDescription(state);
    item.iconPath = new vscode.ThemeIcon(state.status === 'loading' ? 'loading~spin' : 'folder-library');
    const md = new vscode.MarkdownString();
    md.appendText(`${capitalized(spec?.plural ?? kind)}, listed with ${spec?.show ?? 'SHOW'}`);
    if ('readAt' in state && state.status !== 'cancelled') {
      md.appendMarkdown('\n\n');
      md.appendText(`Last read at ${readTime(state.readAt)}${state.profile ? ` with profile "${state.profile}"` : ''}.`);
    } else if (state.status === 'idle') {
      md.appendMarkdown('\n\n');
      md.appendText('Not read yet: expand to read.');
    }
    item.tooltip = md;
    const flags = ['svcsqlObjectGroup', state.status];
    if (state.status === 'loaded' || state.status === 'unreadable' || (state.status === 'error' && state.result)) flags.push('hasResponse');
    item.contextValue = flags.join(' ');
    return item;
  }

  private objectItem(node: Extract<ObjectNode, { type: 'object' }>, spec: ObjectKindEntry | undefined): vscode.TreeItem {
    const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.None);
    item.id = `object/${node.kind}/${node.name}`;
    item.iconPath = new vscode.ThemeIcon('symbol-object');
    const state = this.model.state(node.kind);
    item.tooltip = `${spec?.label ?? node.kind} ${node.name}${state.status === 'loaded' ? `\nread at ${readTime(state.readAt)} with profile "${state.profile}"` : ''}`;
    const flags = ['svcsqlObject'];
    if (spec?.describe) flags.push('canDescribe');
    if (spec?.statements.length) flags.push('canInsert');
    item.contextValue = flags.join(' ');
    return item;
  }
}
