import { afterAll, beforeAll } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from './test-app.js';

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

/**
 * A browser suite's lifetime: before its tests, the real app (its own API process serving the built web app) and
 * Chromium, handed to `started`; after them, the `contexts` the suite opened, the browser and the app are closed (the
 * API process can take a minute to stop on a busy machine). `env`: the API's configuration for this suite, over the
 * tests' own (a feature switched on).
 */
export function browserSuite(contexts: readonly BrowserContext[], started: (app: TestApp, browser: Browser) => void, env: Record<string, string> = {}): void {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp({ WEB_DIST: 'apps/web/dist', ...env }, { apiProcess: true }), launchBrowser()]);
    started(app, browser);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await app?.close();
  }, 90_000);
}

/** Keeps a screenshot as a test artefact (test/artifacts, not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS_DIR}/${name}.png`, fullPage: true });
}

/**
 * The API builds the provider's page and return addresses on PUBLIC_URL (`http://coursa.test` in the tests): in a
 * browser they lead to this app. The sandbox page's form may only lead back to its own origin (CSP form-action), so
 * its answer's redirect is rewritten too.
 */
export async function keepOnThisApp(context: BrowserContext, baseUrl: string): Promise<void> {
  const onThisApp = (url: string) => url.replace('http://coursa.test', baseUrl);
  await context.route(/^http:\/\/coursa\.test\//, (route) => route.fulfill({ status: 302, headers: { location: onThisApp(route.request().url()) } }));
  await context.route(/\/sandbox\/pay\//, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const answer = await route.fetch({ maxRedirects: 0 });
    const headers = answer.headers();
    await route.fulfill({ response: answer, headers: { ...headers, location: onThisApp(headers.location ?? '') } });
  });
}
