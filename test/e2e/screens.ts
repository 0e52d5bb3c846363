// Checking a screen by machine and by eye: axe-core (https://github.com/dequelabs/axe-core) run on the
// page in light and in dark, failing on any violation of impact serious or critical, and a screenshot
// of the 360×600 viewport in each scheme at test-results/screens/<screen>-<light|dark>.png.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, ROOT } from './fixtures';
import { unexplainedText } from './messagesOnScreen';

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
 * `plain`: a main screen, read without a protocol word (docs/glossary.md); `ids`: a screen whose point is
 * a full id or address (a deposit address to copy, the keys of an account), or where the protocol's words
 * belong (Settings → Advanced: endpoints, verifier, keys).
 */
export type WordsRule = 'plain' | 'ids';

/**
 * What a person would read on the screen that belongs under "Technical details": a raw asset id
 * (`nep141:…`), a 64-hex account id, or a smallest-unit number (a whole number of 7 or more digits, not
 * part of a decimal). innerText is what is rendered: the contents of a closed <details> are not.
 */
export async function protocolWords(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return [
    ...(text.match(/nep(?:141|171|245):\S+/g) ?? []).map((w) => `asset id ${w}`),
    ...(text.match(/(?<![0-9a-fA-F])[0-9a-f]{64}(?![0-9a-fA-F])/g) ?? []).map((w) => `64-hex ${w}`),
    // Not either end of a shortened id ("53265194…", "…20240417": a hex id that begins or ends with digits).
    ...(text.match(/(?<![\w.,…])\d{7,}(?![\w.,…])/g) ?? []).map((w) => `smallest units ${w}`),
  ];
}

/**
 * Looks at the screen the page shows in light and in dark: a main screen shows no protocol word, every
 * word on it is a message of the catalogue (or data: `shown` is what the test put there of the person's
 * own, such as a contact's name), axe finds no serious or critical violation in either, and each is
 * photographed at the popup's size (or `size`, in device pixels). Leaves the page in the light scheme.
 */
export async function checkScreen(
  page: Page,
  name: string,
  words: WordsRule = 'plain',
  options: { size?: { width: number; height: number }; shown?: readonly string[] } = {},
): Promise<void> {
  const { size = POPUP_SIZE, shown = [] } = options;
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.setViewportSize(size);
  if (words === 'plain') expect.soft(await protocolWords(page), `${name}: protocol words on screen`).toEqual([]);
  expect.soft(await unexplainedText(page, shown), `${name}: words not from the catalogue`).toEqual([]);
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
