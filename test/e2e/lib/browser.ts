// Debian's chromium driven by playwright-core (no browser downloads): one set of switches for every
// e2e run (code-server's and VS Code for the Web's).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

const SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, timeout: 30_000, args: ['--headless', ...SWITCHES] });
}

/**
 * Headless chromium with a profile folder, for pages that need a profile preference: third-party
 * cookies allowed (`cookie_controls_mode: 0`), without which chromium refuses a webview's service
 * worker (VS Code for the Web serves webviews from <uuid>.localhost).
 */
export function launchWithProfile(
  executablePath: string,
  profileDir: string,
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  mkdirSync(join(profileDir, 'Default'), { recursive: true });
  writeFileSync(join(profileDir, 'Default', 'Preferences'), JSON.stringify({ profile: { cookie_controls_mode: 0 } }));
  return chromium.launchPersistentContext(profileDir, { executablePath, headless: true, timeout: 30_000, viewport, args: SWITCHES });
}
