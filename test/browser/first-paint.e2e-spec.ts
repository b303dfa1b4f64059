import { describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext } from 'playwright-core';
import { browserSuite, screenshot } from '../support/browser.js';
import type { TestApp } from '../support/test-app.js';

// Issue 35, never a blank page: before any script arrives (a slow network), index.html alone shows Coursa's bar and
// « Chargement… »; React replaces them with the first screen when it mounts.
let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

browserSuite(contexts, (started, chromium) => {
  app = started;
  browser = chromium;
});

describe('the first paint', () => {
  it('shows Coursa and « Chargement… » while the scripts are on their way, then the sign-in form in their place', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    contexts.push(context);
    const page = await context.newPage();
    // The scripts held back, as on a slow network: only the page (and its stylesheet) arrive.
    let releaseScripts!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // Not 'domcontentloaded': that waits for the (module) scripts.
    await page.goto(`${app.baseUrl}/auth`, { waitUntil: 'commit' });

    const status = page.getByRole('status');
    await status.waitFor();
    expect(await status.textContent()).toBe('Chargement…');
    expect(await status.isVisible()).toBe(true);
    expect(await page.getByText('Coursa', { exact: true }).isVisible()).toBe(true);
    // The bar is Coursa's green, painted without the app's stylesheet or scripts.
    const bar = await page.locator('.boot__bar').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(bar).toBe('rgb(11, 110, 79)');
    await screenshot(page, 'first-paint-before-scripts');

    releaseScripts();
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(await page.locator('.boot').count()).toBe(0);
    expect(await page.getByText('Chargement…').count()).toBe(0);
  });
});
