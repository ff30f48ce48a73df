// Driving VS Code's workbench in the browser: the few gestures the UI suites need, each bounded.
import type { Locator, Page } from 'playwright-core';
import { DEMO_IDS, DEMO_KEY } from '../lib/demoSetup';
import { serviceSqlLogsHold } from '../lib/logs';
import { poll } from '../lib/wait';

/**
 * The little of the DOM that functions run in the page touch. The project compiles without the DOM
 * lib (it is a Node project), so page-side code casts globalThis to this.
 */
export interface PageElement {
  getAttribute(name: string): string | null;
  textContent: string | null;
  style: { top: string };
}
export type PageGlobal = { document: { querySelector(selector: string): PageElement | null } };

export const SHORT = 10_000;
export const LONG = 60_000;

/** Opens the workbench on folder and waits until the explorer shows it. */
export async function openWorkbench(page: Page, baseUrl: string, folder: string): Promise<void> {
  await page.goto(`${baseUrl}/?folder=${encodeURIComponent(folder)}`, { timeout: LONG });
  await page.locator('.monaco-workbench').waitFor({ timeout: LONG });
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: LONG });
}

/** Runs a command through the Command Palette by its title (as shown there). */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: SHORT });
  await input.fill(`>${title}`);
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first();
  await row.waitFor({ timeout: SHORT });
  await page.keyboard.press('Enter');
}

/** Opens a workspace file through Quick Open (Ctrl+P) and waits for its editor tab to be active. */
export async function quickOpen(page: Page, fileName: string): Promise<void> {
  // The file search behind Quick Open is slow while extensions activate on a loaded machine: the wait only bounds a failure.
  await quickOpenTab(page, fileName, LONG);
  await activeEditor(page).locator('.view-lines').waitFor({ timeout: SHORT });
}

/** Quick Open (Ctrl+P) on a workspace file, up to its tab being active (a text or a notebook editor). */
export async function quickOpenTab(page: Page, fileName: string, ms: number): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: SHORT });
  await input.fill(fileName);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: fileName }).first().waitFor({ timeout: ms });
  await page.keyboard.press('Enter');
  await page.locator('.tab.active', { hasText: fileName }).waitFor({ timeout: ms });
}

export function activeEditor(page: Page): Locator {
  return page.locator('.editor-group-container.active .monaco-editor').first();
}

/**
 * Moves the caret to a 1-based line and column with Go to Line (Ctrl+G), and waits until the status
 * bar shows it on that line (a column past the line's end stops at its end).
 */
export async function goToLine(page: Page, line: number, column: number): Promise<void> {
  await activeEditor(page).locator('.view-lines').click();
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: SHORT });
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: LONG });
  const caret = page.locator('[id="status.editor.selection"]');
  await caret
    .filter({ hasText: new RegExp(`Ln ${line},`) })
    .waitFor({ timeout: SHORT })
    .catch(async () => {
      throw new Error(`Go to Line ${line}:${column}: the status bar says ${JSON.stringify(await caret.allTextContents())}`);
    });
}

/** The text of the editor's rendered lines (the visible part), one string per line, top to bottom. */
export async function visibleLines(page: Page): Promise<string[]> {
  return activeEditor(page)
    .locator('.view-lines .view-line')
    .evaluateAll((els) =>
      els
        .map((e) => ({
          top: parseFloat((e as unknown as PageElement).style.top || '0'),
          text: (e.textContent ?? '').replace(/\u00a0/g, ' '),
        }))
        .sort((a, b) => a.top - b.top)
        .map((l) => l.text),
    );
}

/** The emulator's public demo identity (emulator/src/options.ts), as a connection profile needs it. */
export const DEMO = { ...DEMO_IDS, ...DEMO_KEY };

/**
 * Fills Configure Connection's nine input boxes (the command was started by the caller) with a
 * profile name, the URL and the demo identity. `check` sees each box once filled, before Enter.
 */
export async function fillConnection(
  page: Page,
  profile: string,
  url: string,
  logsRoot: string,
  check?: (box: number, input: Locator) => Promise<void>,
): Promise<void> {
  const values = [profile, url, DEMO.accountUid, DEMO.projectUid, DEMO.linkUid, DEMO.region, DEMO.userUuid, DEMO.apiKey, DEMO.apiSecret];
  for (let i = 0; i < values.length; i++) {
    // The first box waits for the command (and, on a loaded machine, the extension's activation).
    const timeout = i === 0 ? LONG : SHORT;
    await page.locator('.quick-input-widget .quick-input-title', { hasText: `(${i + 1}/9)` }).waitFor({ timeout });
    const input = page.locator('.quick-input-widget input.input');
    await input.fill(values[i]!);
    await check?.(i, input);
    await page.keyboard.press('Enter');
  }
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: LONG });
  // The boxes close before the profile is stored, and settings.json names the new active profile
  // before the extension host's configuration does (a run started then used the previous profile).
  // The extension logs the profile once store() has awaited every update.
  await poll(LONG, `the log line saying profile "${profile}" is saved`, () =>
    serviceSqlLogsHold(logsRoot, `Profile "${profile}" saved and active`) ? true : undefined,
  );
}
