import { partitionPoint } from '../text/partitionPoint';
import { PendingShift } from '../text/pendingShift';

/**
 * The indices of the statements that have diagnostics, ascending, kept as statements come and go:
 * publishing diagnostics after a keystroke walks these (a few per cent of the statements) instead
 * of every statement of the document. An edit that adds or removes statements moves every later
 * index; that shift stays pending (PendingShift), as the statements' offsets do.
 */
export class FlaggedStatements {
  private items: number[] = [];
  private readonly shift = new PendingShift();

  get length(): number {
    return this.items.length;
  }

  /** The k-th flagged statement's index. */
  at(k: number): number {
    return this.items[k]! + this.shift.offsetOf(k);
  }

  /** Starts over with these (ascending) indices. */
  reset(indices: number[]): void {
    this.items = indices;
    this.shift.clear();
  }

  /**
   * Statements [from, to) were replaced by `count` statements, of which those at `added` (ascending,
   * in [from, from + count)) have diagnostics; the statements from `to` on moved by count - (to - from).
   */
  replaced(from: number, to: number, count: number, added: readonly number[]): void {
    const lo = this.firstAtOrAfter(from);
    const hi = this.firstAtOrAfter(to);
    this.shift.replaced(lo, hi, added.length, count - (to - from), this.addTo);
    if (added.length === hi - lo) {
      for (let i = 0; i < added.length; i++) this.items[lo + i] = added[i]!;
    } else if (added.length + (hi - lo) < 10000) {
      this.items.splice(lo, hi - lo, ...added);
    } else {
      this.items = [...this.items.slice(0, lo), ...added, ...this.items.slice(hi)];
    }
  }

  private firstAtOrAfter(index: number): number {
    return partitionPoint(this.items.length, (k) => this.at(k) < index);
  }

  private readonly addTo = (from: number, to: number, amount: number): void => {
    const items = this.items;
    for (let i = from; i < to; i++) items[i]! += amount;
  };
}
