import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The WCAG 2.0, 2.1 and 2.2 level A and AA rules, and axe's best practices (landmarks, headings, regions). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

let axeSource: Promise<string> | undefined;

/** axe-core's browser build, read once per file. */
function source(): Promise<string> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * The accessibility rules the page breaks as it is now, one line per rule and element
 * (`color-contrast .badge--delivered: Fix any of the following: ...`). axe-core is evaluated into the page
 * through the browser's debugging protocol, so the app's Content-Security-Policy does not stop it; nothing of
 * it is in the app.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await source());
  // A dialog fading in is read at its settled colours: finite animations (not spinners) end first.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))),
  );
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations;
  }, TAGS);
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} ${node.target.map(String).join(' > ')}: ${violation.help}. ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`),
  );
}

/** Fails with every broken rule of the page's present state, named by `state` (for example 'product page, hi'). */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  expect(await axeViolations(page), `axe: ${state}`).toEqual([]);
}
