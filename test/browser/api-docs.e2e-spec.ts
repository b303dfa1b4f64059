import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The API's reference (GET /api/docs) opens in a real browser under the API's Content-Security-Policy, shows the
// routes of the OpenAPI document, and loads nothing from another origin. It needs no web build.
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('the API reference', () => {
  it('opens in the browser with every operation of the document, from this origin only', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const elsewhere: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(app.baseUrl) && !request.url().startsWith('data:')) elsewhere.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });

    await page.goto(`${app.baseUrl}/api/docs`);
    await page.locator('.swagger-ui .info .title').filter({ hasText: 'Coursa API' }).waitFor();
    const document = (await app.request('GET', '/api/docs/openapi.json')).body as { paths: Record<string, object> };
    const operations = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
    // From 150 tags and operations on, Swagger UI draws only those near the screen: every one is met scrolling down.
    await expect(operationsMetScrolling(page)).resolves.toHaveLength(operations);

    // An operation opens on its parameters and its answers, errors included.
    const operation = page.locator('.opblock-get').filter({ has: page.locator('[data-path="/api/courses/{id}"]') });
    await scrollUntil(page, operation);
    await operation.locator('.opblock-summary').click();
    await operation.locator('.responses-table').first().waitFor();
    await expect(operation.locator('.response-col_status').allInnerTexts()).resolves.toEqual(expect.arrayContaining(['200', '401', '404']));

    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});

/** Lets the page draw what a scroll brought into view. */
const drawn = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Scrolls down the page a screen at a time, from its top, until `until` says to stop or the bottom is reached. */
async function scrollDown(page: Page, until: () => Promise<boolean>): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await drawn(page);
  for (let screens = 0; screens < 500; screens++) {
    if (await until()) return;
    const bottom = await page.evaluate(() => {
      window.scrollBy(0, Math.round(window.innerHeight * 0.8));
      return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 1;
    });
    await drawn(page);
    if (bottom) {
      await until();
      return;
    }
  }
}

/** The ids of the operations drawn at some point while scrolling the whole page down. */
async function operationsMetScrolling(page: Page): Promise<string[]> {
  const met = new Set<string>();
  await scrollDown(page, async () => {
    for (const id of await page.locator('.opblock').evaluateAll((blocks) => blocks.map((block) => block.id))) met.add(id);
    return false;
  });
  return [...met];
}

/** Scrolls down from the top until `target` is drawn. */
const scrollUntil = (page: Page, target: Locator) => scrollDown(page, async () => (await target.count()) > 0);
