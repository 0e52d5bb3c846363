// An account's name as the popup and the approval window read it (src/background/wallet/accountViews.ts):
// the vault's default name ("Account 2") in the person's language, a name the person typed as typed.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountName } from '../../../src/background/wallet/accountViews';
import { formatMessage, type MessageEntry } from '../../../src/core/messages';

const catalogue = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../assets/public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Record<string, MessageEntry>;
const english = fakeBrowser.i18n.getMessage;

function speak(locale: string): void {
  const words = catalogue(locale);
  fakeBrowser.i18n.getMessage = ((key: string, subs?: string[]) => formatMessage(words, key, subs ?? [])) as never;
}
afterEach(() => {
  fakeBrowser.i18n.getMessage = english;
});

describe('accountName', () => {
  it('words the vault’s default name in the browser’s language', () => {
    expect(accountName('Account 2')).toBe('Account 2');
    speak('es');
    expect(accountName('Account 2')).toBe('Cuenta 2');
    speak('zh_CN');
    expect(accountName('Account 14')).toBe('账户 14');
  });

  it('leaves a name the person typed as they typed it, even one that looks like a default', () => {
    speak('es');
    for (const typed of ['Savings', 'account 2', 'Account 2 ', 'Account two', 'My Account 2', 'Account 1234567'])
      expect(accountName(typed)).toBe(typed);
  });
});
