// What the UI suites read of the results grid (the results panel's and a notebook output's: the
// same grid, client/src/results/webview/grid.ts), and what the emulator holds to compare it with.
import type { Frame, Locator } from 'playwright-core';
import { ServiceClient } from '../../../service/src/index';
import { DEMO } from './workbench';

/** The texts of one column of the grid in scope, in the order shown (all rows are in view here). */
export async function columnValues(scope: Frame | Locator, column: string): Promise<string[]> {
  const headers = await scope.locator('.grid-header [role="columnheader"]').allTextContents();
  const j = headers.findIndex((h) => h.trim() === column);
  if (j < 0) throw new Error(`no column ${column} in ${JSON.stringify(headers)}`);
  const rows = scope.locator('.grid-body .grid-row');
  const out: { top: number; text: string }[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const r = rows.nth(i);
    out.push({
      top: Number(await r.getAttribute('aria-rowindex')),
      text: ((await r.locator(`[aria-colindex="${j}"]`).textContent()) ?? '').trim(),
    });
  }
  return out.sort((a, b) => a.top - b.top).map((x) => x.text);
}

/** What the emulator answers to SHOW CLUSTERS now, asked directly (not through VS Code). */
export async function emulatorClusters(baseUrl: string): Promise<string[]> {
  const r = await new ServiceClient({ baseUrl, ...DEMO }).run('SHOW CLUSTERS', { timeoutMs: 30_000 });
  const list = (r.apiResponse as { showClustersApiResponse?: { clusters?: { name: string }[] } } | undefined)?.showClustersApiResponse
    ?.clusters;
  if (!list) throw new Error(`the emulator answered ${JSON.stringify(r)}`);
  return list.map((c) => c.name);
}
