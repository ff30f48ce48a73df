// Answers the browser suite's questions about the page (lookProtocol.ts) with Playwright, bounded.
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { columnValues, resultsFrame } from '../ui/results';
import type { Look, LookAnswer } from './lookProtocol';

const LOOK_MS = 30_000;

export async function lookAt(page: Page, look: Look, resultsDir: string): Promise<LookAnswer> {
  try {
    switch (look.kind) {
      case 'text': {
        const scope = look.within ? page.locator(look.within) : page.locator('body');
        await scope.getByText(look.text).first().waitFor({ state: 'visible', timeout: LOOK_MS });
        return { ok: true };
      }
      case 'count': {
        const all = page.locator(look.selector);
        if (look.atLeast > 0) await all.nth(look.atLeast - 1).waitFor({ state: 'attached', timeout: LOOK_MS });
        return { ok: true, count: await all.count() };
      }
      case 'grid': {
        const frame = await resultsFrame(page, LOOK_MS);
        await frame.locator('#svcsql-results[data-state="success"] .grid-body .grid-row').first().waitFor({ timeout: LOOK_MS });
        return { ok: true, values: await columnValues(frame, look.column) };
      }
      case 'screenshot':
        mkdirSync(resultsDir, { recursive: true });
        await page.screenshot({ path: join(resultsDir, basename(look.file)) });
        return { ok: true };
    }
  } catch (e) {
    const toasts = await page
      .locator('.notification-toast')
      .allTextContents()
      .catch(() => []);
    const frames = page.frames().map((f) => f.url().slice(0, 120));
    return {
      ok: false,
      error: `${e instanceof Error ? e.message : String(e)}; notifications: ${JSON.stringify(toasts)}; frames: ${JSON.stringify(frames)}`,
    };
  }
}
