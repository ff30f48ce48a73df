// completionItem/resolve: what costs to write or to send goes with the item the editor shows, not
// with every item of the list. An item whose documentation costs a lookup (a workspace name's
// "created in …") and an item with long documentation (a statement's Markdown) are sent without it
// and completed on resolve. The server keeps its last list's documentation only; an item of an older
// list comes back as it came.
import type { CompletionItem } from 'vscode-languageserver/node';
import { MarkupKind } from './lspValues';
import type { CoreCompletion } from '../../../core/src/index';
import { toCompletionItem } from './convert';

/** Documentation up to this length goes with the item (a name read from the service: one line). */
const INLINE_DOCUMENTATION = 200;

interface ResolveData {
  svcsqlList: number;
  index: number;
}

const isResolveData = (d: unknown): d is ResolveData =>
  typeof d === 'object' && d !== null && typeof (d as ResolveData).svcsqlList === 'number' && typeof (d as ResolveData).index === 'number';

export class CompletionResolver {
  private list = 0;
  private later: (CoreCompletion | undefined)[] = [];

  /** The LSP items of a new list; what the previous list kept for resolve is dropped. */
  items(core: readonly CoreCompletion[]): CompletionItem[] {
    this.list++;
    this.later = [];
    return core.map((c) => {
      const item = toCompletionItem(c);
      const long = c.documentation !== undefined && c.documentation.length > INLINE_DOCUMENTATION;
      if (c.describe || long) {
        if (long) delete item.documentation;
        item.data = { svcsqlList: this.list, index: this.later.length } satisfies ResolveData;
        this.later.push(c);
      }
      return item;
    });
  }

  /** The item with its whole documentation (unchanged when it is not of the last list). */
  resolve(item: CompletionItem): CompletionItem {
    const data: unknown = item.data;
    if (!isResolveData(data) || data.svcsqlList !== this.list) return item;
    const c = this.later[data.index];
    const value = c?.describe ? c.describe() : c?.documentation;
    return value ? { ...item, documentation: { kind: MarkupKind.Markdown, value } } : item;
  }
}
