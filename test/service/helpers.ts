// Shared set-up for the service client tests: an in-process emulator on 127.0.0.1:0 and a
// client connected to it with fast poll and retry settings.
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator';
import type { EmulatorOptions } from '../../emulator/src/options';
import { ServiceClient, type Connection, type RunEvent, type RunOptions } from '../../service/src/index';

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

export function clientFor(emu: RunningEmulator, overrides: Partial<Connection> = {}): ServiceClient {
  return new ServiceClient(connectionFor(emu, overrides), { userAgent: 'svcsql-tests', retry: FAST_RETRY });
}

/** Starts an emulator for one test and closes it afterwards. */
export async function withEmulator<T>(options: EmulatorOptions, body: (emu: RunningEmulator) => Promise<T>): Promise<T> {
  const emu = await startEmulator({ pendingMs: 60, ...options });
  try {
    return await body(emu);
  } finally {
    await emu.close();
  }
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
