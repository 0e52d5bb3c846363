// Vitest setup (vitest.config.ts): the browser's i18n for code that runs in Node. The fake browser WXT gives
// unit tests has no i18n, so `t` reads the English catalogue the extension ships, with Chrome's substitution
// rule (src/core/messages.ts): a test that asserts English words reads the real English messages.
import { readFileSync } from 'node:fs';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatMessage, type MessageEntry } from '../../src/core/messages';

const english = JSON.parse(
  readFileSync(new URL('../../assets/public/_locales/en/messages.json', import.meta.url), 'utf8'),
) as Record<string, MessageEntry>;

fakeBrowser.i18n.getMessage = (key: string, subs?: string | (string | number)[]) =>
  formatMessage(english, key, typeof subs === 'string' ? [subs] : (subs ?? []).map(String));
fakeBrowser.i18n.getUILanguage = () => 'en';
