// Which groups of the Service Objects view a finished run made stale: a CREATE, DELETE or ALTER of a
// kind that succeeded with the profile the group was read with. No vscode here.
import type { ObjectKindEntry } from '../../../protocol/src/lspExtensions';
import type { HistoryEntry } from '../history';
import { isRunning, succeeded } from '../../../service/src/runStates';

/** The kinds whose list the run changed (none unless it succeeded). */
export function kindsChangedBy(
  entry: Pick<HistoryEntry, 'state' | 'title'>,
  kinds: readonly Pick<ObjectKindEntry, 'kind' | 'changedBy'>[],
): string[] {
  if (!succeeded(entry.state)) return [];
  const title = entry.title.trim().replace(/\s+/g, ' ').toUpperCase();
  return kinds.filter((k) => (k.changedBy ?? []).includes(title)).map((k) => k.kind);
}

/**
 * Remembers which finished runs were already looked at, so that each run counts once however often
 * the history changes (every poll of every run fires a change).
 */
export class FinishedRuns {
  private readonly seen = new Set<string>();

  /** Runs already finished when the view starts changed nothing it read. */
  constructor(initial: readonly Pick<HistoryEntry, 'id' | 'state'>[]) {
    this.newlyFinished(initial);
  }

  /** Runs that finished since the last call (newest first, as the history lists them). */
  newlyFinished<T extends Pick<HistoryEntry, 'id' | 'state'>>(entries: readonly T[]): T[] {
    const out: T[] = [];
    for (const e of entries) {
      if (this.seen.has(e.id) || isRunning(e.state)) continue;
      this.seen.add(e.id);
      out.push(e);
    }
    // Forget runs that left the history, so the set stays as small as the history.
    if (this.seen.size > entries.length * 2 + 100) {
      const present = new Set(entries.map((e) => e.id));
      for (const id of this.seen) if (!present.has(id)) this.seen.delete(id);
    }
    return out;
  }
}
