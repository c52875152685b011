import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/**
 * Where the journeys' screenshots go, to be looked at while building (docs/product.md#screens-and-routes):
 * `E2E_SHOTS_DIR=/tmp/shots npm test -- --project e2e`. Unset (as in CI), none is taken: a PNG of a page costs
 * the shared cores a rasterisation and an encoding, and no test reads it (README.md#tests).
 */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

/**
 * A screenshot of the page (or of one element) named `name` in SHOTS_DIR. Without SHOTS_DIR it waits for what a
 * page screenshot waits for, the page's fonts (the Devanagari face swaps in once loaded, which moves text), so a
 * test that measures the page next measures the same thing either way.
 */
export async function shot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (SHOTS_DIR) {
    mkdirSync(SHOTS_DIR, { recursive: true });
    await target.screenshot({ path: path.join(SHOTS_DIR, name), ...options });
    return;
  }
  const page = 'goto' in target ? target : target.page();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
