// The pages' words: every string a person reads is a message of the catalogue, looked up by the browser in
// the person's language (src/core/messages.ts; docs/architecture.md, "Words and languages").
// The browser's i18n is read from the global, not through `wxt/browser`: that module runs code as it loads,
// and a module that imports it and is shared by the popup's first screen and its lazy screens made the
// bundler split the first script (test/e2e/first-screen.spec.ts).
import type { Lookup, MessageKey, Subs } from '../core/messages';

type I18n = Lookup & { getUILanguage(): string };
const found = (): I18n | undefined => (globalThis as unknown as { chrome?: { i18n?: I18n } }).chrome?.i18n;
const i18n = (): I18n => {
  const lookup = found();
  if (!lookup) throw new Error("The browser's i18n is missing: the words are read in extension pages only");
  return lookup;
};

/** `key`'s message in the browser's language, with `subs` for its placeholders in order. */
export function t<K extends MessageKey>(key: K, ...subs: Subs<K>): string {
  return i18n().getMessage(key, subs);
}

/**
 * The browser's UI language ("es", "en-US", "zh-CN"): the locale numbers and dates are written in. Outside an
 * extension page (a test in Node writing the amount a page will show) the runtime's own language stands in.
 */
export const uiLocale = (): string => found()?.getUILanguage() ?? globalThis.navigator?.language ?? 'en-US';
