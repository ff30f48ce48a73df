// The results panel through the UI: a file's CREATE CLUSTER statements and SHOW CLUSTERS run with
// Ctrl+Enter over the whole file; the panel opens by itself and its webview (nested iframes in the workbench page) holds a
// table whose rows are the emulator's clusters, which sorts by a header click and filters. Leaves
// test-results/e2e/results-panel.png (the README's picture is a copy of a good one).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { poll } from '../lib/wait';
import { copyWorkspace } from '../lib/workspace';
import type { UiContext, UiSuite } from './context';
import { columnValues, emulatorClusters } from './grid';
import { activeEditor, fillConnection, LONG, openWorkbench, quickOpen, runCommand, SHORT } from './workbench';

export const resultsSuite: UiSuite = {
  name: 'results',
  async run(ctx: UiContext): Promise<void> {
    const { tally } = ctx;
    if (!ctx.emulator) {
      tally.add({ suite: 'ui: results', title: 'results panel (no emulator: skipped)', ok: true, ms: 0, skipped: true });
      return;
    }
    const emulatorUrl = ctx.emulator.url;
    const workspace = copyWorkspace('test/e2e/fixtures', join(ctx.runDir, 'ui-results-workspace'));
    const context = await ctx.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const shot = (name: string) => page.screenshot({ path: join(ctx.resultsDir, name) }).catch(() => undefined);
    const step = (title: string, fn: () => Promise<void>, shotName?: string): Promise<boolean> =>
      tally.run('ui: results', title, async () => {
        try {
          await fn();
        } finally {
          if (shotName) await shot(shotName);
        }
      });
    let frame: Frame | undefined;
    try {
      const ready = await step('the workbench opens and the connection is configured (SecretStorage is per browser context)', async () => {
        await openWorkbench(page, ctx.server.url, workspace);
        // Opening the file activates the extension (its commands exist from then on): its ▶ Run lenses say so.
        await quickOpen(page, 'results.svcsql');
        await page.locator('.monaco-editor .codelens-decoration', { hasText: 'Run' }).first().waitFor({ timeout: LONG });
        await configureDemo(page, emulatorUrl, ctx.server.dirs.userDataDir);
      });
      if (!ready) return;

      const opened = await step(
        'Ctrl+A, Ctrl+Enter runs CREATE ×2 + SHOW CLUSTERS: the results panel opens with a row per emulator cluster',
        async () => {
          await quickOpen(page, 'results.svcsql');
          // Select all, Ctrl+Enter: every statement the selection touches runs, in file order.
          await activeEditor(page).locator('.view-lines').click();
          await page.keyboard.press('Control+A');
          await page.keyboard.press('Control+Enter');
          frame = await resultsFrame(page, LONG).catch(async (e: Error) => {
            const toasts = await page.locator('.notification-toast').allTextContents();
            throw new Error(`${e.message}; notifications: ${JSON.stringify(toasts)}`);
          });
          await frame.locator('#svcsql-results[data-state="success"] .grid-body .grid-row').first().waitFor({ timeout: LONG });
          const expected = await emulatorClusters(emulatorUrl);
          const shown = await columnValues(frame, 'name');
          if (JSON.stringify(shown) !== JSON.stringify(expected))
            throw new Error(`rows ${JSON.stringify(shown)} ≠ the emulator's clusters ${JSON.stringify(expected)}`);
          for (const n of ['results_e2e_alpha', 'results_e2e_beta'])
            if (!shown.includes(n)) throw new Error(`${n} missing from ${JSON.stringify(shown)}`);
          const count = await frame.locator('#row-count').getAttribute('data-rows');
          if (Number(count) !== expected.length) throw new Error(`row count says ${count}, expected ${expected.length}`);
          await expectText(frame, '#run-status', /^SUCCESS$/);
          await expectText(frame, '#run-statement', /^SHOW CLUSTERS$/);
          if (!/^[\w-]{8,}$/.test((await frame.locator('#run-request-id').textContent()) ?? '')) throw new Error('no request id shown');
          const timeline = await frame.locator('.timeline li').allTextContents();
          if (!/^submitted/.test(timeline[0] ?? '') || !/SUCCESS/.test(timeline.at(-1) ?? ''))
            throw new Error(`timeline: ${JSON.stringify(timeline)}`);
          await page.waitForTimeout(300);
        },
        'results-panel.png',
      );
      if (!opened || !frame) return;
      const f = frame;

      await step(
        'clicking the name header sorts ascending, again descending (aria-sort follows)',
        async () => {
          const before = await columnValues(f, 'name');
          const header = f.locator('.grid-sort', { hasText: /^name/ });
          await header.click();
          await waitForSort(f, 'name', 'ascending');
          const asc = await columnValues(f, 'name');
          const sorted = [...before].sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' }));
          if (JSON.stringify(asc) !== JSON.stringify(sorted)) throw new Error(`ascending: ${JSON.stringify(asc)}`);
          await header.click();
          await waitForSort(f, 'name', 'descending');
          const desc = await columnValues(f, 'name');
          if (JSON.stringify(desc) !== JSON.stringify([...sorted].reverse())) throw new Error(`descending: ${JSON.stringify(desc)}`);
        },
        'results-sorted.png',
      );

      await step(
        'the filter box keeps the matching rows and says how many of how many',
        async () => {
          const all = (await columnValues(f, 'name')).length;
          await f.locator('#table-filter').fill('e2e_beta');
          await f.locator('#row-count', { hasText: `1 of ${all} rows` }).waitFor({ timeout: SHORT });
          const shown = await columnValues(f, 'name');
          if (JSON.stringify(shown) !== JSON.stringify(['results_e2e_beta'])) throw new Error(`filtered rows: ${JSON.stringify(shown)}`);
          await f.locator('#table-filter').fill('');
          await f.locator('#row-count', { hasText: `${all} rows` }).waitFor({ timeout: SHORT });
        },
        'results-filtered.png',
      );

      await step('keyboard: arrows move the active cell; the Raw JSON tab shows the response', async () => {
        await f.locator('#results-grid').focus();
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowRight');
        const active = await f.locator('#results-grid').getAttribute('aria-activedescendant');
        if (active !== 'results-grid-c1-1') throw new Error(`active cell after ↓ →: ${active}`);
        await f.locator('#tab-table').focus();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await f.locator('#tab-raw[aria-selected="true"]').waitFor({ timeout: SHORT });
        await expectText(f, '#raw-json', /"showClustersApiResponse"/);
      });
    } finally {
      await context.close().catch(() => undefined);
    }
  },
};

/** Configure Connection through its nine input boxes, with the emulator's demo identity. */
async function configureDemo(page: Page, emulatorUrl: string, userDataDir: string): Promise<void> {
  const settingsFile = join(userDataDir, 'User', 'settings.json');
  await runCommand(page, 'Service SQL: Configure Connection');
  await fillConnection(page, 'e2e-results-ui', emulatorUrl, join(userDataDir, 'logs'));
  // Saved once the user settings name it the active profile (the key and secret are stored before).
  await poll(LONG, 'the profile to be saved and active', () => {
    const text = existsSync(settingsFile) ? readFileSync(settingsFile, 'utf8') : '';
    return /"svcsql\.activeProfile":\s*"e2e-results-ui"/.test(text) ? true : undefined;
  });
}

/** The frame of the results page: VS Code nests each webview in two iframes; find the inner one. */
export async function resultsFrame(page: Page, ms: number): Promise<Frame> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    for (const f of page.frames()) {
      if (
        await f
          .locator('#svcsql-results')
          .count()
          .catch(() => 0)
      )
        return f;
    }
    await page.waitForTimeout(200);
  }
  throw new Error(`no results page among ${page.frames().length} frames`);
}

/** The grid reader lives in grid.ts (shared with the notebook suite); re-exported for the web suite. */
export { columnValues } from './grid';

async function waitForSort(f: Frame, column: string, dir: 'ascending' | 'descending'): Promise<void> {
  await f
    .locator(`.grid-header [role="columnheader"][aria-sort="${dir}"]`, { hasText: new RegExp(`^${column}`) })
    .waitFor({ timeout: SHORT });
}

async function expectText(f: Frame, selector: string, re: RegExp): Promise<void> {
  const t = ((await f.locator(selector).textContent({ timeout: SHORT })) ?? '').trim();
  if (!re.test(t)) throw new Error(`${selector}: "${t.slice(0, 200)}" does not match ${re}`);
}
