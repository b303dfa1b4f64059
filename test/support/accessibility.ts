import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The impacts a screen may not have: axe's « serious » and « critical » (WCAG 2.1 A and AA rules, and best practices). */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now and fails, naming the screen, with each serious or critical violation: its
 * rule, what it means, and the elements concerned (selector and what axe says to fix).
 */
export async function expectAccessible(page: Page, screenName: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  if (blocking.length === 0) return;
  const report = blocking
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 8)
        .map((node) => `    - ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ').trim() ?? ''}`)
        .join('\n');
      const more = violation.nodes.length > 8 ? `\n    … and ${violation.nodes.length - 8} more` : '';
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
  throw new Error(`« ${screenName} » has ${blocking.length} serious or critical accessibility violation(s):\n${report}`);
}
