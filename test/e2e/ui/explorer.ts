// The Service Objects view through the UI, with the installed .vsix and the run's emulator: after a
// connection is configured (its input boxes), the view lists the kinds, expanding Clusters reads the
// emulator's clusters, and Ctrl+Space after CLUSTER = offers them, marked as read from the service.
// Screenshots go to test-results/e2e/ (ui-explorer-*.png); docs/images/service-objects.png is one.
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { copyWorkspace } from '../lib/workspace';
import type { UiContext, UiSuite } from './context';
import { activeEditor, fillConnection, goToLine, LONG, openWorkbench, quickOpen, runCommand, SHORT } from './workbench';

/** Expands a group row of the view (a click toggles; only expand when collapsed). */
async function expand(row: Locator): Promise<void> {
  await row.waitFor({ timeout: LONG });
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
}

export const explorerSuite: UiSuite = {
  name: 'explorer',
  async run(ctx: UiContext): Promise<void> {
    const { tally } = ctx;
    if (!ctx.emulator) {
      tally.add({ suite: 'ui', title: 'Service Objects (no emulator: skipped)', ok: true, ms: 0, skipped: true });
      return;
    }
    const emulatorUrl = ctx.emulator.url;
    const workspace = copyWorkspace('test/e2e/fixtures', join(ctx.runDir, 'ui-explorer-workspace'));
    const context = await ctx.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const shot = (name: string) => page.screenshot({ path: join(ctx.resultsDir, `ui-explorer-${name}.png`) }).catch(() => undefined);
    const step = (title: string, fn: () => Promise<void>, shotName: string): Promise<boolean> =>
      tally.run('ui', title, async () => {
        try {
          await fn();
        } finally {
          await shot(shotName);
        }
      });
    const view = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /Service Objects/i }) });

    try {
      await step(
        'without a connection the view shows its welcome; its Configure Connection button configures one',
        async () => {
          await openWorkbench(page, ctx.server.url, workspace);
          await quickOpen(page, 'explorer.svcsql');
          await runCommand(page, 'Service SQL: Focus on Service Objects View');
          const welcome = view.locator('.welcome-view-content', { hasText: 'No connection to the service is configured yet' });
          await welcome.waitFor({ timeout: LONG });
          await shot('welcome');
          await welcome.locator('.monaco-button', { hasText: 'Configure Connection' }).first().click();
          await fillConnection(page, 'e2e-ui-objects', emulatorUrl, join(ctx.server.dirs.userDataDir, 'logs'));
        },
        'configured',
      );

      await step(
        'the Service Objects view lists the kinds; expanding Clusters reads the emulator\u2019s clusters',
        async () => {
          await runCommand(page, 'Service SQL: Focus on Service Objects View');
          await expand(view.locator('.monaco-list-row', { hasText: /^Clusters/ }).first());
          await view.locator('.monaco-list-row', { hasText: /^etl$/ }).first().waitFor({ timeout: LONG });
          await view
            .locator('.monaco-list-row', { hasText: /^adhoc$/ })
            .first()
            .waitFor({ timeout: SHORT });
          // The group says how many and when: "2 · 20:15:03" (or more, when other suites created some).
          await view
            .locator('.monaco-list-row', { hasText: /^Clusters\s*\d+ · \d\d:\d\d:\d\d/ })
            .first()
            .waitFor({ timeout: SHORT });
          await expand(view.locator('.monaco-list-row', { hasText: /^Flows/ }).first());
          await view
            .locator('.monaco-list-row', { hasText: /^orders_flow$/ })
            .first()
            .waitFor({ timeout: LONG });
          await expand(view.locator('.monaco-list-row', { hasText: /^Lakes/ }).first());
          await view
            .locator('.monaco-list-row', { hasText: /^main_lake$/ })
            .first()
            .waitFor({ timeout: LONG });
          // Hovering an object shows its inline actions (Describe, Insert Statement).
          await view.locator('.monaco-list-row', { hasText: /^etl$/ }).first().hover();
          await view
            .locator('.monaco-list-row', { hasText: /^etl$/ })
            .first()
            .locator('.action-label[aria-label="Describe"]')
            .waitFor({ timeout: SHORT });
        },
        'view',
      );

      await step(
        'Ctrl+Space after CLUSTER = offers the clusters read, marked as read from the service',
        async () => {
          await quickOpen(page, 'ui-explorer.svcsql');
          await goToLine(page, 3, 13);
          await page.keyboard.press('End');
          await page.keyboard.press('Control+Space');
          const widget = page.locator('.editor-widget.suggest-widget.visible');
          await widget.waitFor({ timeout: SHORT });
          await widget.locator('.monaco-list-row', { hasText: "'adhoc'" }).first().waitFor({ timeout: SHORT });
          await shot('completion-list');
          // The focused row shows its detail: make it the etl row.
          await page.keyboard.type("'et");
          await widget.locator('.monaco-list-row.focused', { hasText: "'etl'" }).waitFor({ timeout: SHORT });
          await widget.locator('.monaco-list-row.focused', { hasText: 'service' }).waitFor({ timeout: SHORT });
          await activeEditor(page).waitFor({ timeout: SHORT });
        },
        'completion',
      );
    } finally {
      await context.close().catch(() => undefined);
    }
  },
};
