// completionItem/resolve: an item whose documentation costs a lookup (a workspace name's "created in
// …") is sent without it, and described when the editor shows it. The server keeps the describers of
// its last list only; an item of an older list is returned as it came.
import { MarkupKind, type CompletionItem } from 'vscode-languageserver/node';
import type { CoreCompletion } from '../../../core/src/index';
import { toCompletionItem } from './convert';

interface ResolveData {
  svcsqlList: number;
  index: number;
}

const isResolveData = (d: unknown): d is ResolveData =>
  typeof d === 'object' && d !== null && typeof (d as ResolveData).svcsqlList === 'number' && typeof (d as ResolveData).index === 'number';

export class CompletionResolver {
  private list = 0;
  private describers: (() => string)[] = [];

  /** The LSP items of a new list; the describers of the previous list are dropped. */
  items(core: readonly CoreCompletion[]): CompletionItem[] {
    this.list++;
    this.describers = [];
    return core.map((c) => {
      const item = toCompletionItem(c);
      if (c.describe) {
        item.data = { svcsqlList: this.list, index: this.describers.length } satisfies ResolveData;
        this.describers.push(c.describe);
      }
      return item;
    });
  }

  resolve(item: CompletionItem): CompletionItem {
    const data: unknown = item.data;
    if (!isResolveData(data) || data.svcsqlList !== this.list) return item;
    const describe = this.describers[data.index];
    const value = describe?.();
    return value ? { ...item, documentation: { kind: MarkupKind.Markdown, value } } : item;
  }
}
