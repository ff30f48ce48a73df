// Where activate() spends its time, for the log line "Activated in N ms (history 1.2, …)": the
// end-to-end run reports the total against its target, the phases say what to make lazy.

export class ActivationPhases {
  private readonly spans: [name: string, ms: number][] = [];
  private last: number;

  constructor(started: number) {
    this.last = started;
  }

  /** Ends the phase called `name` (the time since the previous mark). */
  mark(name: string): void {
    const now = performance.now();
    this.spans.push([name, now - this.last]);
    this.last = now;
  }

  summary(): string {
    return this.spans.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ');
  }
}
