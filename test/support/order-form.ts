import type { Page } from 'playwright-core';

/** One end of a course as a test types it on the order form. */
export interface TypedPoint {
  address: string;
  latitude: string;
  longitude: string;
}

/** Unfolds the point's « Coordonnées » (folded on the order form since issue 39), unless it is open already. */
export async function showCoordinates(page: Page, index: number): Promise<void> {
  const fold = page.locator('details.point-coordinates').nth(index);
  if (!(await fold.evaluate((details) => (details as HTMLDetailsElement).open))) await fold.locator('summary').click();
}

/**
 * Types a point's address as a client who does not want a suggestion (issue 39: the field suggests as she types):
 * then Escape, which keeps the list closed, so nothing moves under the next tap.
 */
export async function typeAddress(page: Page, index: number, address: string): Promise<void> {
  const field = page.getByLabel('Adresse', { exact: true }).nth(index);
  await field.fill(address);
  await field.press('Escape');
}

/** Types one point of the order form (0: the pickup, 1: the delivery): its address, then its coordinates. */
export async function typePoint(page: Page, index: number, point: TypedPoint): Promise<void> {
  await typeAddress(page, index, point.address);
  await showCoordinates(page, index);
  await page.getByLabel('Latitude').nth(index).fill(point.latitude);
  await page.getByLabel('Longitude').nth(index).fill(point.longitude);
}
