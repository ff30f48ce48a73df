// Renders media/icon.png (128×128, the Marketplace icon) from media/svcsql.svg, the activity bar's
// monochrome icon, drawn white on a rounded blue square. Uses playwright-core with the machine's
// chromium (CHROMIUM=/path overrides /usr/bin/chromium). Run by hand after changing the SVG:
// node scripts/render-icon.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(root, 'media', 'svcsql.svg'), 'utf8').replace(/width="24" height="24"/, 'width="88" height="88"');
const html = `<!doctype html><html><body style="margin:0;background:transparent">
<div style="width:128px;height:128px;border-radius:24px;background:#1d5fb4;color:#fff;display:flex;align-items:center;justify-content:center">${svg}</div>
</body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
  await page.setContent(html);
  await page.screenshot({ path: join(root, 'media', 'icon.png'), omitBackground: true });
} finally {
  await browser.close();
}
console.log('render-icon: wrote media/icon.png');
