// The shape in which suites report each test, and the runner's tally.

export interface TestResult {
  suite: string;
  title: string;
  ok: boolean;
  ms: number;
  error?: string;
  skipped?: boolean;
}

/** Written by the in-extension-host suite (test/e2e/suite/index.ts) to $SVCSQL_E2E_RESULTS. */
export interface HostReport {
  results: TestResult[];
  /** Named instants (Date.now()) the suite recorded, e.g. for figures. */
  marks: Record<string, number>;
  done: boolean;
}

export class Tally {
  readonly results: TestResult[] = [];

  add(r: TestResult): void {
    this.results.push(r);
    const mark = r.skipped ? '-' : r.ok ? '✓' : '✗';
    process.stdout.write(`  ${mark} [${r.suite}] ${r.title} (${r.ms} ms)${r.skipped ? ' (skipped)' : ''}\n`);
    if (!r.ok && r.error) process.stdout.write(`      ${r.error.split('\n').join('\n      ')}\n`);
  }

  /** Runs fn as one test named title; a throw is a failure. */
  async run(suite: string, title: string, fn: () => Promise<void>): Promise<boolean> {
    const started = Date.now();
    try {
      await fn();
      this.add({ suite, title, ok: true, ms: Date.now() - started });
      return true;
    } catch (e) {
      this.add({ suite, title, ok: false, ms: Date.now() - started, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
      return false;
    }
  }

  get passed(): number {
    return this.results.filter((r) => r.ok && !r.skipped).length;
  }
  get failed(): number {
    return this.results.filter((r) => !r.ok).length;
  }
  get skipped(): number {
    return this.results.filter((r) => r.skipped).length;
  }

  /** The closing line CI reads: `N passed, N failed` (`, N skipped` when any). */
  closingLine(): string {
    return `${this.passed} passed, ${this.failed} failed${this.skipped ? `, ${this.skipped} skipped` : ''}`;
  }
}
