// Work the server does only while nothing asks it anything: after QUIET ms without a message it
// runs steps for at most SLICE ms at a time, letting messages in between slices; a message (touch)
// stops it until the next quiet period. Started after a document's first diagnostics are sent, so
// opening a file never waits for it (a warm-up at initialize delayed the first diagnostics by
// 70–130 ms); a message that arrives during a slice waits for that slice only. Nor does it run while
// the workspace is being indexed: the index's threads need both cores (it cost the index ~30% CPU).

/** How the work is timed; tests give their own clock and queue. */
export interface IdleClock {
  now(): number;
  /** Calls `fn` after `ms` (0: after the messages already received are handled). */
  later(fn: () => void, ms: number): void;
}

const realClock: IdleClock = {
  now: () => performance.now(),
  later: (fn, ms) => {
    if (ms > 0) setTimeout(fn, ms);
    else setImmediate(fn);
  },
};

export class IdleWork {
  private lastMessage = -Infinity;
  private steps: Iterator<unknown> | undefined;
  private armed = false;

  constructor(
    private readonly quietMs = 150,
    private readonly sliceMs = 2,
    private readonly clock: IdleClock = realClock,
    private readonly onError: (error: unknown) => void = () => {},
    /** Other work of the server's own (the workspace index): idle work waits for it to end too. */
    private readonly busy: () => boolean = () => false,
  ) {}

  /** A message arrived: no step runs until the server has been quiet again for quietMs. */
  touch(): void {
    this.lastMessage = this.clock.now();
  }

  /** Runs `steps` (each `next()` one short step) in quiet periods until done; ignored while other steps are pending. */
  start(steps: Iterator<unknown>): void {
    if (this.steps) return;
    this.steps = steps;
    this.arm(this.quietMs);
  }

  get running(): boolean {
    return this.steps !== undefined;
  }

  private arm(ms: number): void {
    if (this.armed) return;
    this.armed = true;
    this.clock.later(this.tick, ms);
  }

  private readonly tick = (): void => {
    this.armed = false;
    const steps = this.steps;
    if (!steps) return;
    const quiet = this.clock.now() - this.lastMessage;
    if (quiet < this.quietMs) return this.arm(this.quietMs - quiet);
    if (this.busy()) return this.arm(this.quietMs);
    const started = this.clock.now();
    try {
      do {
        if (steps.next().done) {
          this.steps = undefined;
          return;
        }
      } while (this.clock.now() - started < this.sliceMs);
    } catch (error) {
      this.steps = undefined;
      this.onError(error);
      return;
    }
    this.arm(0);
  };
}
