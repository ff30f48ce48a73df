// The one argument resolver: what a command was handed, read the same way whoever hands it. VS Code
// passes a command the node of the view it was invoked on (Requests: { type: 'run' | 'field' },
// Service Objects: { kind, name? }), the editor's resource (a Uri) from the editor title, the
// (uri, position) of a code lens, nothing from a key or the palette; tests, the notebook and other
// commands pass ids and plain objects. No vscode here: editorTarget.ts reads the editor's part.
import type { HistoryEntry } from '../history';
import { entryFromObject } from '../results/runView';

/** What the resolver reads of the history. */
export interface HistoryLookup {
  get(id: string): HistoryEntry | undefined;
  list(): HistoryEntry[];
}

const nonEmpty = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/**
 * The run of the history a command is about: a history id or a request id (string), a Requests
 * view node (a run, or a field of one), or an object holding a history id (an entry, a notebook's
 * reference to one). Undefined when the history has no such run.
 */
export function historyEntryArg(arg: unknown, history: HistoryLookup): HistoryEntry | undefined {
  const id = nonEmpty(arg);
  if (id) return history.get(id) ?? history.list().find((e) => e.requestId === id);
  if (!arg || typeof arg !== 'object') return undefined;
  const node = arg as { type?: unknown; entry?: { id?: unknown }; entryId?: unknown; id?: unknown };
  if (node.type === 'run') return byId(node.entry?.id, history);
  if (node.type === 'field') return byId(node.entryId, history);
  return byId(node.id, history);
}

function byId(id: unknown, history: HistoryLookup): HistoryEntry | undefined {
  const s = nonEmpty(id);
  return s ? history.get(s) : undefined;
}

/** Like historyEntryArg, and a HistoryEntry-shaped object that is not in the history (a response read elsewhere). */
export function entryOrForeignArg(arg: unknown, history: HistoryLookup): HistoryEntry | undefined {
  const known = historyEntryArg(arg, history);
  if (known || !arg || typeof arg !== 'object') return known;
  const node = arg as { type?: unknown };
  return node.type === 'run' || node.type === 'field' ? undefined : entryFromObject(arg);
}

/** The object kind a Service Objects command is about: a group, object or message node, or a kind string. */
export function kindArg(arg: unknown): string | undefined {
  return nonEmpty(arg) ?? nonEmpty((arg as { kind?: unknown } | undefined)?.kind);
}

/** The object a Service Objects command is about: an object node, or { kind, name }. */
export function objectArg(arg: unknown): { kind: string; name: string } | undefined {
  const o = arg as { kind?: unknown; name?: unknown } | undefined;
  const kind = nonEmpty(o?.kind);
  const name = nonEmpty(o?.name);
  return kind && name ? { kind, name } : undefined;
}

/** What a request id typed into Check Status… may hold. */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{1,200}$/;
export const REQUEST_ID_HINT = 'A request id holds letters, digits, ".", "_", ":" or "-".';
