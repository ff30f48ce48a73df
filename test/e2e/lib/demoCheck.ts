// `npm start -- --check`: proves the demo works as a person would see it: the workbench opens the
// examples, the demo connection is in place, Ctrl+Enter on a statement of clusters.svcsql
// reaches SUCCESS in the Requests view, and the file's ▶ Run code lenses show. Leaves a screenshot.
import type { Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { DEMO_PROFILE } from './demoSetup';
import { serviceSqlLogsHold, serviceSqlLogTail } from './logs';
import { poll } from './wait';
import { activeEditor, goToLine, LONG, type PageElement, quickOpen, runCommand } from '../ui/workbench';

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
      // Its ▶ Run lenses first: they come from the language server's statements of this file, so
      // the server is up and answers for it before a statement is run. VS Code computes lenses
      // while the editor has focus (a blur cancels a pending computation): Quick Open left it there.
      await activeEditor(page).locator('.codelens-decoration', { hasText: 'Run' }).first().waitFor({ timeout: LONG });
      await goToLine(page, 9, 3);
      await page.keyboard.press('Control+Enter');
      await runCommand(page, 'Service SQL: Focus on Requests View');
      const view = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /Requests/i }) });
      const explain = async (e: unknown): Promise<never> => {
        throw new Error(`${e instanceof Error ? e.message : String(e)}\n${await whatTheWorkbenchShows(page, logsRoot)}`);
      };
      await view
        .locator('.monaco-list-row', { hasText: /jobs_cluster/ })
        .first()
        .waitFor({ timeout: LONG })
        .catch(explain);
      await view
        .locator('.monaco-list-row', { hasText: /success/i })
        .first()
        .waitFor({ timeout: LONG })
        .catch(explain);
      // For the screenshot: back to the editor, whose lenses the Requests view's focus took away.
      await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
      await activeEditor(page)
        .locator('.codelens-decoration', { hasText: 'Run' })
        .first()
        .waitFor({ timeout: 5_000 })
        .catch(() => undefined);
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

/**
 * For a failure message: the Requests view's rows, the caret (status bar), the active tab, any
 * dialog, the notifications (the center too: a toast hides by itself after some seconds) and the
 * extension's last log lines.
 */
async function whatTheWorkbenchShows(page: Page, logsRoot: string): Promise<string> {
  const texts = (selector: string) =>
    page
      .locator(selector)
      .allTextContents()
      .catch(() => [] as string[]);
  const rows = await texts('.pane:has(.pane-header:has-text("Requests")) .monaco-list-row');
  const caret = await texts('[id="status.editor.selection"]');
  const tab = await page
    .locator('.tab.active')
    .first()
    .evaluate(
      (e) =>
        `${(e.textContent ?? '').trim()}${(e as unknown as PageElement).getAttribute('class')?.includes('dirty') ? ' (unsaved changes)' : ''}`,
    )
    .catch(() => '?');
  const dialogs = await texts('.monaco-dialog-box');
  const toasts = await texts('.notification-toast');
  const center = await runCommand(page, 'Notifications: Show Notifications')
    .then(() => page.locator('.notifications-center .monaco-list-row').first().waitFor({ timeout: 2_000 }))
    .then(() => texts('.notifications-center .monaco-list-row'))
    .catch(() => [] as string[]);
  return [
    `Requests view rows: ${JSON.stringify(rows)}`,
    `caret: ${JSON.stringify(caret)}; active tab: ${JSON.stringify(tab)}`,
    `dialogs: ${JSON.stringify(dialogs)}`,
    `notifications: ${JSON.stringify(toasts)}; in the center: ${JSON.stringify(center)}`,
    `Service SQL log, last lines:\n${serviceSqlLogTail(logsRoot)}`,
  ].join('\n');
}
