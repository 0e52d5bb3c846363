// Every word a screen shows is a message of the catalogue (docs/testing.md, "Words from the catalogue"). The
// screen's text is read as a person meets it: each visible text node, and the labels a screen reader reads
// or a pointer shows (aria-label, placeholder, title, alt) of visible elements. A piece of text passes when
// it is a message of the language the browser shows (its placeholders taking anything that itself passes),
// or data: a piece without letters (amounts, dates in digits, punctuation), an identifier (has a digit, a
// dot, a colon, … or capitals inside: account ids, addresses, token symbols), a word of what Intl writes in
// that language (month, weekday, relative time), a chain's name, or what the test says the screen shows of
// the person's own (a contact's name). An English word the catalogue did not write fails, in any language.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CHAINS } from '../../src/core/chains';
import { type Catalogue, HOLE, unexplained } from '../support/messageCheck';
import { EXTENSION_DIR } from './fixtures';

type I18nGlobal = { chrome: { i18n: { getUILanguage(): string } } };

/** The catalogue the browser picks for `uiLanguage` ("es", "en-US", "zh-CN"), as Chrome does: exact, language, English. */
function catalogueFor(uiLanguage: string): { locale: string; catalogue: Catalogue } {
  const exact = uiLanguage.replace('-', '_');
  for (const locale of [exact, exact.split('_')[0]!, 'en']) {
    try {
      const file = path.join(EXTENSION_DIR, '_locales', locale, 'messages.json');
      return { locale, catalogue: JSON.parse(readFileSync(file, 'utf8')) as Catalogue };
    } catch {
      // not shipped: the next candidate
    }
  }
  throw new Error('the build has no _locales/en/messages.json');
}

/**
 * The text on the screen that is neither a message nor data, each with where it was found. `within`: the
 * parts of the page to read (CSS selectors), the whole page unless given.
 */
export async function unexplainedText(
  page: Page,
  shown: readonly string[] = [],
  within: readonly string[] = ['body'],
): Promise<string[]> {
  const { uiLanguage, pieces, intlWords } = await page.evaluate(
    ({ within, hole }) => {
      const uiLanguage = (globalThis as unknown as I18nGlobal).chrome.i18n.getUILanguage();
      const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true });
      const out: { text: string; where: string }[] = [];
      const tag = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}`;
      const roots = within.flatMap((s) => [...document.querySelectorAll(s)]);
      for (const root of roots) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        const read = new Set<Element>();
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const el = n.parentElement;
          if (!el || el.closest('script,style,pre,code') || !visible(el)) continue;
          if (!el.hasAttribute('data-message')) {
            out.push({ text: n.textContent ?? '', where: tag(el) });
            continue;
          }
          // A message with an element inside it (src/ui/approve/Placed.tsx): its own text is one piece, each
          // element inside it a hole whose words are read as pieces of their own.
          if (read.has(el)) continue;
          read.add(el);
          const own = [...el.childNodes].map((c) => (c.nodeType === Node.TEXT_NODE ? (c.textContent ?? '') : hole));
          out.push({ text: own.join(''), where: tag(el) });
        }
        for (const el of [root, ...root.querySelectorAll('[aria-label],[placeholder],[title],[alt]')]) {
          if (!visible(el)) continue;
          for (const a of ['aria-label', 'placeholder', 'title', 'alt'])
            if (el.hasAttribute(a)) out.push({ text: el.getAttribute(a) ?? '', where: `${tag(el)}[${a}]` });
        }
      }
      // What Intl writes in this language: the words of dates, times and relative times.
      const words: string[] = [];
      for (let m = 0; m < 12; m++)
        for (const month of ['long', 'short'] as const)
          words.push(new Intl.DateTimeFormat(uiLanguage, { month, day: 'numeric' }).format(new Date(2020, m, 15)));
      for (let d = 0; d < 7; d++)
        words.push(new Intl.DateTimeFormat(uiLanguage, { weekday: 'short' }).format(new Date(2020, 5, 7 + d)));
      for (const h of [3, 15])
        words.push(
          new Intl.DateTimeFormat(uiLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(2020, 0, 1, h),
          ),
        );
      for (const numeric of ['always', 'auto'] as const) {
        const rtf = new Intl.RelativeTimeFormat(uiLanguage, { numeric, style: 'long' });
        for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const)
          for (const n of [-2, -1, 0, 1, 2]) words.push(rtf.format(n, unit));
      }
      return { uiLanguage, pieces: out, intlWords: words };
    },
    { within, hole: HOLE },
  );
  const { locale, catalogue } = catalogueFor(uiLanguage);
  const chainNames = Object.values(CHAINS).flatMap((c) => [c.name, ...Object.values(c.names ?? {})]);
  return unexplained(pieces, catalogue, [...shown, ...chainNames], intlWords).map(
    (p) => `${p.where}: "${p.text}" (not a message of ${locale})`,
  );
}
