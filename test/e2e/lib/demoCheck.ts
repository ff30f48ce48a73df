// `npm start -- --check`: proves the demo works as a person would see it: the workbench opens the
// examples, the demo connection is in place, Ctrl+Enter on a statement of clusters.svcsql
// reaches SUCCESS in the Requests view, and the file's ▶ Run code lenses show. Leaves a screenshot.
import type { Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { DEMO_PROFILE } from './demoSetup';
import { serviceSqlLogsHold, serviceSqlLogTail } from './logs';
import { poll } from './wait';
import { goToLine, LONG, quickOpen, runCommand } from '../ui/workbench';

/** logsRoot: the demo VS Code's logs folder, where the extension's output channel is written. */
export async function checkDemoInBrowser(chromium: string, url: string, screenshot: string, logsRoot: string): Promise<string> {
  const browser = await launchBrowser(chromium);
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      const started = Date.now();
      await page.goto(url, { timeout: LONG });
      await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: LONG });
      await quickOpen(page, 'clusters.svcsql');
      // The helper stores the key/secret once the extension is active; its status bar message lasts
      // 8 s and can come and go while Quick Open waits on a loaded machine, so wait for the
      // extension's own log line, written once every update is awaited.
      await poll(LONG, `the log line saying profile "${DEMO_PROFILE}" is saved`, () =>
        serviceSqlLogsHold(logsRoot, `Profile "${DEMO_PROFILE}" saved`) ? true : undefined,
      );
      await goToLine(page, 9, 3);
      await page.keyboard.press('Control+Enter');
      await runCommand(page, 'Service SQL: Focus on Requests View');
      const view = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /Requests/i }) });
      await view
        .locator('.monaco-list-row', { hasText: /success/i })
        .first()
        .waitFor({ timeout: LONG })
        .catch(async (e: unknown) => {
          throw new Error(`${e instanceof Error ? e.message : String(e)}\n${await whatTheWorkbenchShows(page, logsRoot)}`);
        });
      // Its ▶ Run lenses. VS Code computes lenses while the editor has focus (a blur cancels a pending
      // computation), and the Requests view just took it: back to the editor first.
      await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
      await page.locator('.monaco-editor .codelens-decoration', { hasText: 'Run' }).first().waitFor({ timeout: 5_000 });
      await page.waitForTimeout(500);
      await page.screenshot({ path: screenshot });
      return `demo check passed in ${Date.now() - started} ms (screenshot ${screenshot})`;
    } catch (e) {
      await page.screenshot({ path: screenshot }).catch(() => undefined);
      throw e;
    }
  } finally {
    await browser.close().catch(() => undefined);
  }
}

/** For a failure message: the Requests view's rows, the notifications, the extension's last log lines. */
async function whatTheWorkbenchShows(page: Page, logsRoot: string): Promise<string> {
  const rows = await page
    .locator('.pane', { has: page.locator('.pane-header', { hasText: /Requests/i }) })
    .locator('.monaco-list-row')
    .allTextContents()
    .catch(() => []);
  const toasts = await page
    .locator('.notification-toast')
    .allTextContents()
    .catch(() => []);
  return [
    `Requests view rows: ${JSON.stringify(rows)}`,
    `notifications: ${JSON.stringify(toasts)}`,
    `Service SQL log, last lines:\n${serviceSqlLogTail(logsRoot)}`,
  ].join('\n');
}
