import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const ARTIFACTS_DIR = 'test/artifacts';

/** Debian's Chromium, headless, with nothing reaching out to the network on its own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Keeps a screenshot as a test artefact (test/artifacts, not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS_DIR}/${name}.png`, fullPage: true });
}
