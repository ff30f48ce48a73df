// Runs the mocha suite inside code-server's extension host, the way @vscode/test-electron does on the
// desktop: the workbench (started with enable-smoke-test-driver) reads extensionDevelopmentPath and
// extensionTestsPath from its `payload` URL parameter, runs the suite's run(), and reports the exit
// code to window.codeAutomationExit and the log to window.codeAutomationLog.
import { existsSync, readFileSync } from 'node:fs';
import { format } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import type { HostReport } from './results';
import { within } from './wait';

export interface HostSuiteOptions {
  browser: Browser;
  /** http://127.0.0.1:PORT of code-server. */
  baseUrl: string;
  host: string;
  workspace: string;
  extensionDevelopmentPath: string;
  extensionTestsPath: string;
  /** Where the suite writes its HostReport ($SVCSQL_E2E_RESULTS of code-server's environment). */
  resultsFile: string;
  timeoutMs: number;
  /** Called with each log line from the extension host's test runner. */
  onLog?: (line: string) => void;
  /** Screenshot when the suite fails or hangs. */
  screenshot?: string;
  /** Where to write the browser's storage (localStorage + IndexedDB) after the suite, for inspection. */
  storageDump?: string;
}

export interface HostSuiteOutcome {
  exitCode: number | 'timeout' | 'page-closed';
  report?: HostReport;
  log: string[];
  /** Instant the workbench page was asked to load (Date.now()). */
  openedAt: number;
}

export function payloadUrl(
  o: Pick<HostSuiteOptions, 'baseUrl' | 'host' | 'workspace' | 'extensionDevelopmentPath' | 'extensionTestsPath'>,
): string {
  const remote = (p: string): string => `vscode-remote://${o.host}${p}`;
  const payload = [
    ['extensionDevelopmentPath', remote(o.extensionDevelopmentPath)],
    ['extensionTestsPath', remote(o.extensionTestsPath)],
  ];
  return `${o.baseUrl}/?folder=${encodeURIComponent(o.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

export function readReport(file: string): HostReport | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as HostReport;
  } catch {
    return undefined;
  }
}

export async function runHostSuite(o: HostSuiteOptions): Promise<HostSuiteOutcome> {
  const context = await o.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page: Page = await context.newPage();
  const log: string[] = [];
  let resolveExit: (code: number) => void = () => undefined;
  const exit = new Promise<number>((r) => (resolveExit = r));
  await page.exposeFunction('codeAutomationExit', (code: number) => {
    resolveExit(code);
  });
  await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
    // The extension host forwards console calls with their format string (mocha's '%s (%dms)').
    const list = Array.isArray(args) ? args : [args];
    const line = `[${type}] ${typeof list[0] === 'string' ? format(...list) : list.map((a) => JSON.stringify(a)).join(' ')}`;
    log.push(line);
    o.onLog?.(line);
  });
  const closed = new Promise<'page-closed'>((r) => page.on('close', () => r('page-closed')));
  const openedAt = Date.now();
  let exitCode: HostSuiteOutcome['exitCode'];
  try {
    await page.goto(payloadUrl(o), { timeout: 120_000 }); // generous: a loaded machine takes minutes
    exitCode = await within(o.timeoutMs, 'the extension-host suite to exit', Promise.race([exit, closed]));
  } catch (e) {
    log.push(`[harness] ${e instanceof Error ? e.message : String(e)}`);
    exitCode = 'timeout';
  }
  // After a clean exit the extension host is already gone (empty views): only a failure or a hang
  // is worth a picture.
  if (o.screenshot && exitCode !== 0) await page.screenshot({ path: o.screenshot }).catch(() => undefined);
  // In code-server, SecretStorage and globalState live in the browser profile, not on the server's
  // disk: dump them so the runner's secret scan covers them too.
  if (o.storageDump)
    await within(15_000, 'browser storage dump', context.storageState({ path: o.storageDump, indexedDB: true })).catch(() => undefined);
  await within(10_000, 'browser context to close', context.close()).catch(() => undefined);
  return { exitCode, report: readReport(o.resultsFile), log, openedAt };
}
