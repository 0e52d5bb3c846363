// The pages' words: every string a person reads is a message of the catalogue, looked up by the browser in
// the person's language (src/core/messages.ts; docs/architecture.md, "Words and languages").
import { browser } from 'wxt/browser';
import type { Lookup, MessageKey, Subs } from '../core/messages';

/** `key`'s message in the browser's language, with `subs` for its placeholders in order. */
export function t<K extends MessageKey>(key: K, ...subs: Subs<K>): string {
  return (browser.i18n as Lookup).getMessage(key, subs);
}

/** The browser's UI language ("es", "en-US", "zh-CN"): the locale numbers and dates are written in. */
export const uiLocale = (): string => browser.i18n.getUILanguage();
