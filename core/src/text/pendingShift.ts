/**
 * A shift of every offset from some index of a sorted list on, kept pending instead of applied:
 * an edit moves every later statement and line start of a document, and adding the delta to each
 * (290,000 statements, ~600,000 lines at 20 MiB) was the part of a keystroke that grew with the
 * file. Reads add `offsetOf(i)`; a later edit at another place applies the pending delta only to
 * the items between the two places, so typing costs no more at the end of a large file than in a
 * small one. The owner's list holds stored values; the real value of item i is stored + offsetOf(i).
 */
export class PendingShift {
  /** First index the pending delta applies to (Infinity: none). */
  private from = Infinity;
  private by = 0;

  /** True when some stored value lacks a pending delta (offsetOf is not 0 everywhere). */
  get pending(): boolean {
    return this.by !== 0 && this.from !== Infinity;
  }

  /** What to add to the stored value of item i. */
  offsetOf(i: number): number {
    return i >= this.from ? this.by : 0;
  }

  /** Items counted by the tests: how many stored values the last `replaced` rewrote. */
  lastApplied = 0;

  /**
   * Items [lo, hi) are about to be replaced by `count` items holding real values, and every item
   * from hi on moves by `delta`. Rewrites (through `add`, on the current indices) only the items
   * between the pending shift's start and the edit, and leaves the sum pending from lo + count on.
   */
  replaced(lo: number, hi: number, count: number, delta: number, add: (from: number, to: number, amount: number) => void): void {
    const d = this.by;
    const p = this.from;
    this.lastApplied = 0;
    if (d !== 0) {
      if (p < lo) {
        add(p, lo, d);
        this.lastApplied = lo - p;
      } else if (p > hi) {
        // Items [hi, p) are to get delta only: stored less d, as the pending sum adds d + delta.
        add(hi, p, -d);
        this.lastApplied = p - hi;
      }
    }
    const by = d + delta;
    this.from = by === 0 ? Infinity : lo + count;
    this.by = by;
  }

  /** Applies the pending delta to items [from, length) and forgets it. */
  flush(length: number, add: (from: number, to: number, amount: number) => void): void {
    if (this.by !== 0 && this.from < length) add(this.from, length, this.by);
    this.clear();
  }

  clear(): void {
    this.from = Infinity;
    this.by = 0;
  }
}
