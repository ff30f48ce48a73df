// Back/forward over the runs the results panel showed, like a browser's history: showing a new
// run drops the forward part; showing the current one again moves nothing. No vscode.

export class RunNavigation<T> {
  private items: T[] = [];
  private index = -1;

  constructor(
    private readonly same: (a: T, b: T) => boolean,
    private readonly max = 30,
  ) {}

  /** Makes item the current one (the list keeps at most max, dropping the oldest). */
  push(item: T): void {
    if (this.index >= 0 && this.same(this.items[this.index]!, item)) {
      this.items[this.index] = item;
      return;
    }
    this.items = [...this.items.slice(0, this.index + 1), item];
    if (this.items.length > this.max) this.items = this.items.slice(this.items.length - this.max);
    this.index = this.items.length - 1;
  }

  current(): T | undefined {
    return this.items[this.index];
  }

  go(step: -1 | 1): T | undefined {
    const next = this.index + step;
    if (next < 0 || next >= this.items.length) return undefined;
    this.index = next;
    return this.items[next];
  }

  /** Removes items (e.g. runs removed from history); the current one moves to a neighbour. */
  removeWhere(gone: (item: T) => boolean): void {
    const cur = this.current();
    const before = this.items.slice(0, this.index + 1).filter((x) => !gone(x)).length;
    this.items = this.items.filter((x) => !gone(x));
    this.index = cur !== undefined && !gone(cur) ? before - 1 : Math.min(before, this.items.length) - 1;
    if (this.index < 0 && this.items.length) this.index = 0;
  }

  state(): { back: boolean; forward: boolean; position: string } {
    return {
      back: this.index > 0,
      forward: this.index < this.items.length - 1,
      position: this.items.length ? `${this.index + 1} / ${this.items.length}` : '',
    };
  }
}
