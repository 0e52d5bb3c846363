// Vitest setup (vitest.config.ts): the browser's i18n for code that runs in Node. Node has no `chrome.i18n`,
// so `t` reads the English catalogue the extension ships, with Chrome's substitution rule
// (src/core/messages.ts): a test that asserts English words reads the real English messages.
import { readFileSync } from 'node:fs';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatMessage, type MessageEntry } from '../../src/core/messages';

const english = JSON.parse(
  readFileSync(new URL('../../assets/public/_locales/en/messages.json', import.meta.url), 'utf8'),
) as Record<string, MessageEntry>;

const i18n = {
  getMessage: (key: string, subs?: string | (string | number)[]) =>
    formatMessage(english, key, typeof subs === 'string' ? [subs] : (subs ?? []).map(String)),
  getUILanguage: () => 'en',
};
// The pages read the global (src/ui/i18n.ts); the background reads `browser` (WXT's fake in tests).
(globalThis as unknown as { chrome: { i18n: typeof i18n } }).chrome = { i18n };
Object.assign(fakeBrowser.i18n, i18n);
