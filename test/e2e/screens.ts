// Checking a screen by machine and by eye: axe-core (https://github.com/dequelabs/axe-core) run on the
// page in light and in dark, failing on any violation of impact serious or critical, and a screenshot
// of the 360×600 viewport in each scheme at test-results/screens/<screen>-<light|dark>.png.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, ROOT } from './fixtures';

export const SCREENS_DIR = path.join(ROOT, 'test-results/screens');
export const POPUP_SIZE = { width: 360, height: 600 };

/** The page background each scheme paints (styles.css, --bg): proof the scheme took effect before we look. */
const BACKGROUND = { light: 'rgb(255, 255, 255)', dark: 'rgb(22, 24, 31)' } as const;

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is now and returns the serious and critical violations, readable. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

/**
 * Looks at the screen the page shows in light and in dark: axe finds no serious or critical violation
 * in either, and each is photographed at the popup's size. Leaves the page in the light scheme.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.setViewportSize(POPUP_SIZE);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor), {
        message: `${name}: the ${scheme} scheme applies`,
      })
      .toBe(BACKGROUND[scheme]);
    expect(await seriousViolations(page), `axe on ${name} (${scheme})`).toEqual([]);
    await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
