// What a UI suite gets from the runner.
import type { Browser } from 'playwright-core';
import type { RunningCodeServer } from '../lib/codeServer';
import type { RunningEmulator } from '../lib/emulator';
import type { Tools } from '../lib/paths';
import type { Tally } from '../lib/results';

export interface UiContext {
  browser: Browser;
  server: RunningCodeServer;
  emulator?: RunningEmulator;
  runDir: string;
  tally: Tally;
  resultsDir: string;
  tools: Tools;
}

export interface UiSuite {
  name: string;
  run(ctx: UiContext): Promise<void>;
}
