// The paths an IndexPool reads, handed to it as the folder walk finds them: the pool reads the first
// folders' files while the walk lists the next (the walk took 60 ms of 1,000 files' start-up, 330 ms
// of 10,000 files', the pool idle meanwhile).

export class PathFeed {
  private readonly list: string[] = [];
  private done = false;
  private listener: (() => void) | undefined;
  private waiting: (() => void) | undefined;

  /** A feed of paths known at once. */
  static of(paths: readonly string[]): PathFeed {
    const feed = new PathFeed();
    feed.add(paths);
    feed.end();
    return feed;
  }

  get length(): number {
    return this.list.length;
  }

  /** True once no more paths come. */
  get ended(): boolean {
    return this.done;
  }

  at(i: number): string {
    return this.list[i]!;
  }

  /** Paths [from, to) (to: as many as have come). */
  slice(from: number, to = this.list.length): string[] {
    return this.list.slice(from, to);
  }

  add(paths: readonly string[]): void {
    if (this.done || paths.length === 0) return;
    for (const p of paths) this.list.push(p);
    this.changed();
  }

  end(): void {
    if (this.done) return;
    this.done = true;
    this.changed();
  }

  /** Called after each add and at the end (one listener: the pool that runs the feed). */
  listen(listener: (() => void) | undefined): void {
    this.listener = listener;
  }

  /** Settles once more paths have come or the feed has ended. */
  more(): Promise<void> {
    if (this.done) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const before = this.waiting;
      this.waiting = () => {
        before?.();
        resolve();
      };
    });
  }

  private changed(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.();
    this.listener?.();
  }
}
