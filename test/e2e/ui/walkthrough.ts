// The Get Started walkthrough through the UI: "Welcome: Open Walkthrough…" lists it, it opens with
// its four steps, and the first step shows its Configure Connection button and its Markdown page.
// Leaves test-results/e2e/ui-walkthrough.png.
import { join } from 'node:path';
import { poll } from '../lib/wait';
import { copyWorkspace } from '../lib/workspace';
import type { UiContext, UiSuite } from './context';
import { LONG, openWorkbench, runCommand, SHORT } from './workbench';

const TITLE = 'Get Started with Service SQL';
const STEPS = ['Add a connection profile', 'Store the API key and secret', 'Run a first statement', 'Open the results'];

export const walkthroughSuite: UiSuite = {
  name: 'walkthrough',
  async run(ctx: UiContext): Promise<void> {
    const workspace = copyWorkspace('test/e2e/fixtures', join(ctx.runDir, 'ui-walkthrough-workspace'));
    const context = await ctx.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    try {
      await ctx.tally.run('ui: walkthrough', `"${TITLE}" opens with its four steps; the first shows its button and page`, async () => {
        try {
          await openWorkbench(page, ctx.server.url, workspace);
          await runCommand(page, 'Welcome: Open Walkthrough...');
          await page.locator('.quick-input-widget .monaco-list-row', { hasText: TITLE }).first().waitFor({ timeout: LONG });
          await page.keyboard.type(TITLE);
          await page.keyboard.press('Enter');
          const container = page.locator('.gettingStartedContainer');
          for (const step of STEPS) await container.locator('.getting-started-step', { hasText: step }).first().waitFor({ timeout: LONG });
          await container.locator('.getting-started-step', { hasText: STEPS[0] }).first().click();
          await container
            .locator('.getting-started-step.expanded', { hasText: 'Configure Connection' })
            .first()
            .waitFor({ timeout: SHORT });
          // The step's Markdown page renders in a webview (a frame of the page): it lists the profile's fields.
          await poll(LONG, "the profile step's Markdown page", async () => {
            for (const f of page.frames())
              if (
                await f
                  .getByText('Project UID', { exact: false })
                  .count()
                  .catch(() => 0)
              )
                return true;
            return undefined;
          });
        } finally {
          await page.screenshot({ path: join(ctx.resultsDir, 'ui-walkthrough.png') }).catch(() => undefined);
        }
      });
    } finally {
      await context.close();
    }
  },
};
