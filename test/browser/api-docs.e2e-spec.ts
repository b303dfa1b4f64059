import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
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
    await expect(page.locator('.opblock').count()).resolves.toBe(operations);

    // An operation opens on its parameters and its answers, errors included.
    const operation = page.locator('.opblock-get').filter({ has: page.locator('[data-path="/api/courses/{id}"]') });
    await operation.locator('.opblock-summary').click();
    await operation.locator('.responses-table').first().waitFor();
    await expect(operation.locator('.response-col_status').allInnerTexts()).resolves.toEqual(expect.arrayContaining(['200', '401', '404']));

    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
