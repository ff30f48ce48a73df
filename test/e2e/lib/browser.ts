// Debian's chromium driven by playwright-core (no browser downloads).
import { chromium, type Browser } from 'playwright-core';

export function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    timeout: 30_000,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
