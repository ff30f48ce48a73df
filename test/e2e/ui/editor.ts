// The editor through the UI, as a person uses it: open a file, see the error squiggle and the
// Problems count, complete with Ctrl+Space, configure the connection through its input boxes, run
// with Ctrl+Enter and see the Requests view and the Output panel. The extension is the installed
// .vsix. A screenshot of each step goes to test-results/e2e/.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { poll } from '../lib/wait';
import { copyWorkspace } from '../lib/workspace';
import type { UiContext, UiSuite } from './context';
import {
  activeEditor,
  DEMO,
  fillConnection,
  goToLine,
  LONG,
  openWorkbench,
  type PageGlobal,
  quickOpen,
  runCommand,
  SHORT,
  visibleLines,
} from './workbench';

export const editorSuite: UiSuite = {
  name: 'editor',
  async run(ctx: UiContext): Promise<void> {
    const { tally } = ctx;
    const workspace = copyWorkspace('test/e2e/fixtures', join(ctx.runDir, 'ui-workspace'));
    const context = await ctx.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    // Named by step only (no running number), so that a file keeps its name when steps are added:
    // docs/images/ copies some of them (CONTRIBUTING.md, "Screenshots").
    const shot = async (name: string): Promise<void> => {
      await page.screenshot({ path: join(ctx.resultsDir, `ui-${name}.png`) }).catch(() => undefined);
    };
    const step = async (title: string, fn: () => Promise<void>, shotName: string): Promise<boolean> =>
      tally.run('ui', title, async () => {
        try {
          await fn();
        } finally {
          await shot(shotName);
        }
      });

    try {
      await step('the workbench opens the folder', () => openWorkbench(page, ctx.server.url, workspace), 'workbench');

      await step(
        'opening mistakes.svcsql shows error squiggles and the Problems count',
        async () => {
          await quickOpen(page, 'mistakes.svcsql');
          await activeEditor(page).locator('.squiggly-error').first().waitFor({ timeout: LONG });
          const problems = page.locator('[id="status.problems"]');
          await problems.waitFor({ timeout: SHORT });
          await waitForText(page, '[id="status.problems"]', /[1-9]/, SHORT);
          // fixtures/mistakes.svcsql holds 4 errors (the in-host diagnostics suite names them).
          await waitForText(page, '[id="status.problems"]', /\b4\b/, SHORT).catch(async () => {
            throw new Error(`status bar problems: "${await problems.getAttribute('aria-label')}" / "${await problems.innerText()}"`);
          });
          await page.keyboard.press('Control+Shift+M');
          await page.locator('.markers-panel .monaco-list-row', { hasText: 'missing-equals' }).first().waitFor({ timeout: SHORT });
          const rows = await page.locator('.markers-panel .monaco-list-row', { hasText: /Ln \d+, Col \d+/ }).count();
          if (rows !== 4) throw new Error(`Problems panel lists ${rows} svcsql problems, expected 4`);
        },
        'squiggle-and-problems',
      );

      await step(
        'Ctrl+Space offers the next clauses of CREATE FLOW and Enter inserts the picked one',
        async () => {
          await quickOpen(page, 'ui-completion.svcsql');
          await goToLine(page, 4, 100);
          await page.keyboard.press('End');
          await page.keyboard.press('Enter');
          await page.keyboard.press('Control+Space');
          const widget = page.locator('.editor-widget.suggest-widget.visible');
          await widget.waitFor({ timeout: SHORT });
          await widget.locator('.monaco-list-row', { hasText: 'DATABASE' }).first().waitFor({ timeout: SHORT });
          await page.keyboard.type('DATAB');
          await widget.locator('.monaco-list-row.focused', { hasText: 'DATABASE' }).waitFor({ timeout: SHORT });
          await shot('completion-list');
          await page.keyboard.press('Enter');
          await widget.waitFor({ state: 'hidden', timeout: SHORT });
          await waitForLine(page, /^\s+DATABASE\b/, SHORT);
        },
        'completion-accepted',
      );

      await step(
        "F12 on CLUSTER = 'etl' opens the CREATE CLUSTER of another file (the workspace index)",
        async () => {
          await quickOpen(page, 'orders.svcsql');
          // The server indexes the folder after start-up: press F12 until the definition opens.
          await poll(LONG, 'F12 to open infra/clusters.svcsql', async () => {
            await goToLine(page, 7, 15);
            await page.keyboard.press('F12');
            return page
              .locator('.tab.active', { hasText: 'clusters.svcsql' })
              .waitFor({ timeout: 2000 })
              .then(() => true as const);
          });
          await waitForLine(page, /^CREATE CLUSTER etl$/, SHORT);
          await waitForText(page, '[id="status.editor.selection"]', /Ln 4, Col 1[6-9]/, SHORT);
        },
        'f12-definition',
      );

      if (!ctx.emulator) {
        tally.add({ suite: 'ui', title: 'Run Statement (no emulator: skipped)', ok: true, ms: 0, skipped: true });
        return;
      }
      const emulatorUrl = ctx.emulator.url;
      let requestId = '';

      await step(
        'Configure Connection through its input boxes (key and secret as password fields)',
        async () => {
          await runCommand(page, 'Service SQL: Configure Connection');
          await fillConnection(page, 'e2e-ui', emulatorUrl, join(ctx.server.dirs.userDataDir, 'logs'), async (i, input) => {
            if (i >= 7 && (await input.getAttribute('type')) !== 'password')
              throw new Error(`step ${i + 1} (key/secret) is not a password box`);
            if (i === 7) await shot('configure-password-box');
          });
          // Saved: identifiers in the user settings (on code-server's disk), key and secret not there.
          const settingsFile = join(ctx.server.dirs.userDataDir, 'User', 'settings.json');
          await poll(SHORT, 'the profile in the user settings', () => {
            const text = existsSync(settingsFile) ? readFileSync(settingsFile, 'utf8') : '';
            return text.includes('"e2e-ui"') && text.includes(emulatorUrl) ? text : undefined;
          });
          const text = readFileSync(settingsFile, 'utf8');
          if (text.includes(DEMO.apiSecret) || text.includes(DEMO.apiKey)) throw new Error('the key or secret reached settings.json');
        },
        'configure-done',
      );

      await step(
        'the ▶ Run code lens stands above each statement of a file just opened',
        async () => {
          await quickOpen(page, 'run.svcsql');
          const lenses = page.locator('.monaco-editor .codelens-decoration', { hasText: 'Run' });
          await lenses.first().waitFor({ timeout: LONG });
          const count = await lenses.count();
          if (count < 2) throw new Error(`${count} code lens(es) shown; run.svcsql has 2 statements`);
        },
        'code-lens',
      );

      await step(
        'Ctrl+Enter runs the statement: the Requests view shows it reaching SUCCESS',
        async () => {
          await quickOpen(page, 'run.svcsql');
          await goToLine(page, 2, 8);
          await page.keyboard.press('Control+Enter');
          await runCommand(page, 'Service SQL: Focus on Requests View').catch(async () => runCommand(page, 'View: Show Service SQL'));
          const view = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /Requests/i }) });
          const run = view.locator('.monaco-list-row', { hasText: /CREATE CLUSTER e2e_cluster/ }).first();
          await run.waitFor({ timeout: LONG });
          await view
            .locator('.monaco-list-row', { hasText: /success/i })
            .first()
            .waitFor({ timeout: LONG });
          // Expand the run: its fields show the request id and the status.
          await run.click();
          if ((await run.getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('ArrowRight');
          const idRow = view.locator('.monaco-list-row', { hasText: 'requestId' }).first();
          await idRow.waitFor({ timeout: SHORT });
          requestId = ((await idRow.locator('.label-description').textContent()) ?? '').trim();
          if (!/^[\w-]{8,}$/.test(requestId)) throw new Error(`request id shown: "${requestId}"`);
          await view
            .locator('.monaco-list-row', { hasText: /status/ })
            .filter({ hasText: /SUCCESS/ })
            .first()
            .waitFor({ timeout: SHORT });
        },
        'requests-view',
      );

      await step(
        'the Output panel holds the request id and the response',
        async () => {
          await runCommand(page, 'Service SQL: Show Output');
          const output = page.locator('.part.panel .monaco-editor .view-lines');
          await output.first().waitFor({ timeout: SHORT });
          if (!requestId) throw new Error('no request id read from the Requests view');
          await waitForText(page, '.part.panel .monaco-editor .view-lines', new RegExp(`requestId=${requestId}`), LONG);
          await waitForText(page, '.part.panel .monaco-editor .view-lines', /API_OPERATION_STATUS_SUCCESS/, LONG);
          await waitForText(page, '.part.panel .monaco-editor .view-lines', /apiResponse/, LONG);
        },
        'output-panel',
      );
    } finally {
      await context.close().catch(() => undefined);
    }
  },
};

async function waitForText(page: Page, selector: string, re: RegExp, ms: number): Promise<void> {
  await page.waitForFunction(
    ([sel, source, flags]) => {
      const el = (globalThis as unknown as PageGlobal).document.querySelector(sel!);
      const text = (el?.getAttribute('aria-label') ?? '') + ' ' + (el?.textContent ?? '');
      return new RegExp(source!, flags).test(text.replace(/\u00a0/g, ' '));
    },
    [selector, re.source, re.flags],
    { timeout: ms },
  );
}

async function waitForLine(page: Page, re: RegExp, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  let lines: string[] = [];
  while (Date.now() < deadline) {
    lines = await visibleLines(page);
    if (lines.some((l) => re.test(l))) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`no line matches ${re}; lines: ${JSON.stringify(lines)}`);
}
