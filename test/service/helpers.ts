// Shared set-up for the service client tests: an in-process emulator on 127.0.0.1:0 and a
// client connected to it with fast poll and retry settings.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { TestContext } from 'node:test';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator';
import type { EmulatorOptions } from '../../emulator/src/options';
import {
  ServiceClient,
  SlidingWindowLimiter,
  type Connection,
  type RequestLimiter,
  type RunEvent,
  type RunOptions,
} from '../../service/src/index';

export const FAST_POLL = { initialMs: 40, factor: 1.5, maxMs: 200 };
export const FAST_RETRY = { retries: 4, minTimeoutMs: 20, maxTimeoutMs: 100 };

export function connectionFor(emu: RunningEmulator, overrides: Partial<Connection> = {}): Connection {
  const c = emu.credentials;
  return {
    baseUrl: emu.url,
    accountUid: c.accountUid,
    projectUid: c.projectUid,
    apiKey: c.apiKey,
    apiSecret: c.apiSecret,
    linkUid: c.linkUid,
    region: c.region,
    userUuid: c.userUuid,
    ...overrides,
  };
}

/**
 * The request rate of the emulators withEmulator starts, and of the clients clientFor makes: the
 * tests that are not about the 10 requests/s limit (test/service/ratelimit.test.ts is) do not wait
 * on it. Each client gets a limiter of its own at that rate, not the one the process shares.
 */
export const TEST_RATE = { limit: 200, windowMs: 1000 } as const;

export function clientFor(emu: RunningEmulator, overrides: Partial<Connection> = {}): ServiceClient {
  return new ServiceClient(connectionFor(emu, overrides), {
    userAgent: 'svcsql-tests',
    retry: FAST_RETRY,
    limiter: new SlidingWindowLimiter(TEST_RATE.limit, TEST_RATE.windowMs),
  });
}

/** Starts an emulator for one test (at TEST_RATE unless options say otherwise) and closes it afterwards. */
export async function withEmulator<T>(options: EmulatorOptions, body: (emu: RunningEmulator) => Promise<T>): Promise<T> {
  const emu = await startEmulator({ pendingMs: 60, rateLimit: TEST_RATE, ...options });
  try {
    return await body(emu);
  } finally {
    await emu.close();
  }
}

/** A limiter that grants every slot at once and counts them: one per request the client sends. */
export function countingLimiter(): RequestLimiter & { count: number } {
  const limiter = {
    count: 0,
    acquire: () => {
      limiter.count++;
      return Promise.resolve();
    },
  };
  return limiter;
}

/**
 * Fake timers for the client's waits (poll intervals, retry pauses, the run's timeout): node:test's
 * mock timers replace setTimeout while HTTP stays real. Settles p by moving fake time on in small
 * steps, letting real I/O happen between them.
 */
export async function settleWithFakeTime<T>(t: TestContext, p: Promise<T>, stepMs = 10): Promise<T> {
  let settled = false;
  const done = p.finally(() => (settled = true));
  while (!settled) {
    t.mock.timers.tick(stepMs);
    await new Promise((r) => setImmediate(r));
  }
  return done;
}

/**
 * Fires every fake timer still pending, then lets what they started run as far as asking for a
 * request slot: "nothing follows" is then a fact about the limiter's count, not a guess after a sleep.
 */
export async function fireRemainingTimers(t: TestContext): Promise<void> {
  t.mock.timers.runAll();
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
}

/** Run options that collect events (and still call extra.onEvent). */
export function collecting(extra: RunOptions = {}): { options: RunOptions; events: RunEvent[] } {
  const events: RunEvent[] = [];
  const also = extra.onEvent;
  const onEvent = (e: RunEvent) => {
    events.push(e);
    also?.(e);
  };
  return { events, options: { poll: FAST_POLL, timeoutMs: 10_000, ...extra, onEvent } };
}

/** The built emulator program (out/emulator.js), next to out/test/service/. */
export const EMULATOR_PROGRAM = join(__dirname, '..', '..', 'emulator.js');

export interface EmulatorProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** Everything printed on stdout up to the end of the start banner. */
  banner: string;
  /** SIGTERM by pid; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Spawns `node out/emulator.js --port 0 ...args` and waits for its start banner. */
export async function spawnEmulator(args: string[]): Promise<EmulatorProcess> {
  const child = spawn(process.execPath, [EMULATOR_PROGRAM, '--port', '0', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let out = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`emulator printed no URL: ${out}`)), 10_000);
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m && out.includes('Ctrl+C')) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      void exited.then((code) => reject(new Error(`emulator exited ${code}: ${out}`)));
    });
    return {
      child,
      url,
      banner: out,
      stop: () => {
        if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, 'SIGTERM');
        return exited;
      },
    };
  } catch (err) {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, 'SIGKILL');
    throw err;
  }
}
