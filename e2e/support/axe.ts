import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * WCAG 2.2 AA, as the accessibility bar asks: zero violations. Not with axe's `resultTypes: ['violations']`: it
 * saved a tenth of a scan, but the page-level rules (landmark-unique, page-has-heading-one) then judged from
 * truncated results and failed five console journeys that have no such violation.
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}
