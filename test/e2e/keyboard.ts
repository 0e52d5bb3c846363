// Driving the popup by keyboard alone: Tab or Shift+Tab until a control has focus (each stop must show a
// visible focus indicator), then Enter, Space or arrow keys; never a click.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The most Tab presses any control may need from where focus is: more means it is out of reach. */
const MAX_PRESSES = 40;

/** What the focused element looks like: whether it matches :focus-visible and draws an outline or a ring. */
async function focusLook(page: Page): Promise<{ what: string; focusVisible: boolean; indicated: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: 'body', focusVisible: false, indicated: false };
    const cs = getComputedStyle(el);
    const outlined = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0;
    return {
      what: `${el.tagName} ${el.getAttribute('data-testid') ?? el.textContent?.trim().slice(0, 30)}`,
      focusVisible: el.matches(':focus-visible'),
      indicated: outlined || cs.boxShadow !== 'none',
    };
  });
}

/** The focused element shows that it has focus (WCAG 2.4.7): :focus-visible and an outline or ring. */
export async function expectFocusShown(page: Page): Promise<void> {
  const look = await focusLook(page);
  expect(look, `focus indicator on ${look.what}`).toMatchObject({ focusVisible: true, indicated: true });
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focused element matches `selector` (a test id, or a
 * CSS selector starting with `[` or `.`), then checks its focus is shown. Fails if it is not reached.
 */
export async function tabTo(page: Page, selector: string, { back = false } = {}): Promise<void> {
  const css = /^[[.#]/.test(selector) ? selector : `[data-testid="${selector}"]`;
  for (let i = 0; i <= MAX_PRESSES; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, css)) {
      await expectFocusShown(page);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${selector}: not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${MAX_PRESSES} presses`);
}

/** Tabs to a control and presses a key on it (Enter by default). */
export async function pressOn(
  page: Page,
  selector: string,
  key = 'Enter',
  options: { back?: boolean } = {},
): Promise<void> {
  await tabTo(page, selector, options);
  await page.keyboard.press(key);
}

/** On a focused <select>, presses ArrowDown (or ArrowUp) until it holds `value`. */
export async function arrowToOption(page: Page, value: string): Promise<void> {
  const count = await page.evaluate(() => (document.activeElement as HTMLSelectElement).options.length);
  for (const key of ['ArrowDown', 'ArrowUp']) {
    for (let i = 0; i < count; i++) {
      if (await page.evaluate((v) => (document.activeElement as HTMLSelectElement).value === v, value)) return;
      await page.keyboard.press(key);
    }
  }
  throw new Error(`option ${value} not reached with the arrow keys`);
}
