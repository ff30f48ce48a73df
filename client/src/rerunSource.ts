// What a re-run sends. The history keeps a statement's display text, where secret WITH values are
// '***' (the history is persisted; the secret is not). A re-run of such a statement reads the real
// text again from the statement of its file that still shows the same way; when there is none
// (the file changed or is gone) it refuses: sending '***' would be wrong, and the secret exists
// only in the file.
import type { StatementEntry } from '../../protocol/src/lspExtensions';
import type { HistoryEntry } from './history';

export type RerunSource = { ok: true; statement: StatementEntry | undefined; text: string } | { ok: false; message: string };

/** `statements`: those of the entry's file now (empty when it is not open or gone). */
export function rerunSource(entry: Pick<HistoryEntry, 'statement' | 'masked'>, statements: readonly StatementEntry[]): RerunSource {
  if (!entry.masked) {
    const same = statements.find((s) => s.text === entry.statement);
    return { ok: true, statement: same, text: entry.statement };
  }
  const same = statements.find((s) => s.displayText === entry.statement);
  if (same) return { ok: true, statement: same, text: same.text };
  return {
    ok: false,
    message:
      'Service SQL: this statement holds a secret WITH value, which the history does not keep, and its file no longer holds the same statement. Run it from the file instead.',
  };
}
