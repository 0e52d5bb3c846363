// The words the background writes for a person (review findings, notifications, its errors): messages of
// the catalogue, looked up by the browser, which works in the service worker too (src/core/messages.ts;
// docs/architecture.md, "Words and languages").
import { browser } from 'wxt/browser';
import type { Lookup, MessageKey, Subs } from '../core/messages';

/** `key`'s message in the browser's language, with `subs` for its placeholders in order. */
export function t<K extends MessageKey>(key: K, ...subs: Subs<K>): string {
  return (browser.i18n as Lookup).getMessage(key, subs);
}

/** The browser's UI language: the locale the background writes numbers and dates in. */
export const uiLocale = (): string => browser.i18n.getUILanguage();
