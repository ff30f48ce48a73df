// A statement's first word offers every statement (73 items, ~22 KB of JSON, the largest list):
// each item's replaced range and snippet format are the same. LSP 3.17's list item defaults say
// them once (`itemDefaults.editRange`, `insertTextFormat`) for a client that announces them (VS
// Code does): the list is a third smaller, and the editor parses and converts less.
import type { ClientCapabilities, CompletionItem, CompletionList, InsertTextFormat, Range } from 'vscode-languageserver/node';

export interface ItemDefaultsSupport {
  editRange: boolean;
  insertTextFormat: boolean;
}

export function itemDefaultsSupport(capabilities: ClientCapabilities): ItemDefaultsSupport {
  const defaults = capabilities.textDocument?.completion?.completionList?.itemDefaults ?? [];
  return { editRange: defaults.includes('editRange'), insertTextFormat: defaults.includes('insertTextFormat') };
}

const sameRange = (a: Range, b: Range) =>
  a.start.line === b.start.line &&
  a.start.character === b.start.character &&
  a.end.line === b.end.line &&
  a.end.character === b.end.character;

/** Lists below this length are sent as they are: nothing worth saying once. */
const FROM = 8;

/**
 * The list with what all its items share said once. The edit range only when every item replaces
 * the same range (an item without a textEdit would take the default range instead of its own
 * insertion); the format of most items, the others keeping their own.
 */
export function withItemDefaults(items: CompletionItem[], isIncomplete: boolean, support: ItemDefaultsSupport): CompletionList | undefined {
  if (items.length < FROM || (!support.editRange && !support.insertTextFormat)) return undefined;
  const itemDefaults: NonNullable<CompletionList['itemDefaults']> = {};
  let range: Range | undefined;
  if (support.editRange) {
    const first = items[0]!.textEdit;
    range = first && 'range' in first ? first.range : undefined;
    for (let i = 1; range && i < items.length; i++) {
      const edit = items[i]!.textEdit;
      if (!edit || !('range' in edit) || !sameRange(edit.range, range)) range = undefined;
    }
    if (range) itemDefaults.editRange = range;
  }
  let format: InsertTextFormat | undefined;
  if (support.insertTextFormat) {
    let snippets = 0;
    for (const item of items) if (item.insertTextFormat === 2) snippets++;
    format = snippets * 2 >= items.length ? 2 : 1;
    itemDefaults.insertTextFormat = format;
  }
  if (!range && format === undefined) return undefined;
  const out = items.map((item) => {
    const copy: CompletionItem = { ...item };
    if (range) {
      copy.textEditText = item.textEdit!.newText;
      delete copy.textEdit;
    }
    if (format !== undefined && copy.insertTextFormat === format) delete copy.insertTextFormat;
    return copy;
  });
  return { isIncomplete, itemDefaults, items: out };
}
