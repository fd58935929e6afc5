import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Every serious or critical axe violation on the page, one readable line per element.
 * Waits for finite animations to end first: a toast caught fading in blends its colours
 * with the page and fails the contrast check it passes once shown.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.impact} ${violation.id} (${violation.help}): ${node.target.join(' ')} ${node.failureSummary ?? ''}`,
      ),
    );
}
