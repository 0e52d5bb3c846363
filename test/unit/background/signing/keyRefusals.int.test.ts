// The refusals a person meets in Settings → Keys and in a key change's review carry their words as a phrase
// of the catalogue (`data.words`, docs/architecture.md "Words and languages"), beside the English message a
// dApp reads; the vault's refusals the popup words say which one they are (`data.refusal`). Through the
// background against the simulator, with a passkey account (test/support/passkey).
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { wordsOf } from '../../../../src/api/refusalWords';
import { WALLET } from '../../../../src/api/walletApi';
import { said } from '../../../../src/background/phrase';
import { networkText } from '../../../../src/core';
import { failurePhrase } from '../../../../src/core/errorText';
import { formatMessage, type MessageEntry } from '../../../../src/core/messages';
import { call, PASSWORD, simulatorWithClock } from '../harness';
import { answer, passkeyWallet } from '../passkeyWallet';

const { sim, clock } = simulatorWithClock();
beforeEach(() => fakeBrowser.reset());

const english = fakeBrowser.i18n.getMessage;
afterEach(() => {
  fakeBrowser.i18n.getMessage = english;
});
function speak(locale: string): void {
  const words = JSON.parse(
    readFileSync(new URL(`../../../../assets/public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Record<string, MessageEntry>;
  fakeBrowser.i18n.getMessage = ((key: string, subs?: string[]) => formatMessage(words, key, subs ?? [])) as never;
}

/** The refusal `p` ends with: its English message and the data it carries. */
async function refusal(p: Promise<unknown>): Promise<{ message: string; data: unknown }> {
  const e = await p.then(
    () => null,
    (err: unknown) => err as Error & { data?: unknown },
  );
  if (!e) throw new Error('expected a refusal');
  return { message: e.message, data: e.data };
}
const keyOf = async (p: Promise<unknown>) => wordsOf((await refusal(p)).data)?.key;

type Review = { reviewed: string; publicKey: string; preview: { passkey?: { challenge: string } } };

describe('key and signing refusals in the person’s words', () => {
  it('the direct path, the signing key and the last key: a phrase beside the English message', async () => {
    const { bg, account } = await passkeyWallet(sim, clock, true);
    const { accountId } = account;
    const direct = await refusal(call(bg, WALLET.addKey, { accountId }));
    expect(direct.message).toMatch(/review the key change/);
    expect(wordsOf(direct.data)).toEqual({ key: 'keyRefusal_reviewWithPasskey', subs: [] });
    expect(await keyOf(call(bg, WALLET.useSigningKey, { accountId, publicKey: account.publicKeys[0] }))).toBe(
      'keyRefusal_passkeySigns',
    );
    const last = await refusal(
      call(bg, WALLET.reviewKeyChange, {
        accountId,
        change: { kind: 'remove', publicKey: account.publicKeys[0], confirmRemovingSigningKey: true },
      }),
    );
    expect(last.message).toMatch(/last key/);
    const words = wordsOf(last.data)!;
    expect(words.key).toBe('keyRefusal_lastKey');
    // The popup and the approval window say it in the person's language.
    speak('es');
    expect(said(words)).toBe('Es la última clave de la cuenta: quitarla bloquearía la cuenta para siempre.');
    speak('zh_CN');
    expect(said(words)).toBe('这是该账户的最后一个密钥：移除它会永久锁定该账户。');
  });

  it('a confirm without its review, with another review, or without the authenticator’s answer', async () => {
    const { bg, passkey, account } = await passkeyWallet(sim, clock, true);
    const { accountId } = account;
    const unreviewed = await refusal(call(bg, WALLET.confirmKeyChange, { accountId, reviewed: 'none' }));
    expect(wordsOf(unreviewed.data)).toEqual({ key: 'keyRefusal_reviewFirst', subs: [networkText(sim.verifierId)] });

    const review = await call<Review>(bg, WALLET.reviewKeyChange, { accountId, change: { kind: 'add' } });
    expect(await keyOf(call(bg, WALLET.confirmKeyChange, { accountId, reviewed: `${review.reviewed}x` }))).toBe(
      'signRefusal_reviewReplaced',
    );
    expect(await keyOf(call(bg, WALLET.confirmKeyChange, { accountId, reviewed: review.reviewed }))).toBe(
      'signRefusal_confirmPasskey',
    );
    // Used up by that attempt: a second confirm is told to review first, in words too.
    const again = await refusal(
      call(bg, WALLET.confirmKeyChange, {
        accountId,
        reviewed: review.reviewed,
        passkey: answer(passkey, review.preview.passkey!.challenge),
      }),
    );
    expect(wordsOf(again.data)?.key).toBe('keyRefusal_reviewFirst');
  });

  it('a passkey’s export is refused as the vault’s passkey_export, which the popup words', async () => {
    const { bg, account } = await passkeyWallet(sim, clock);
    const out = await refusal(call(bg, WALLET.exportKey, { password: PASSWORD, publicKey: account.publicKeys[0] }));
    expect(out.message).toMatch(/nothing to export/);
    expect(out.data).toMatchObject({ reason: 'invalid_input', refusal: 'passkey_export' });
  });
});

describe('the Keys listing’s failure as a phrase', () => {
  it('names the verifier keys and how the service failed, never the service’s own words', () => {
    const words = failurePhrase('keys', { failure: 'timeout', service: 'ledger' });
    expect(words).toEqual({
      key: 'failureCause_timeout',
      subs: [
        { key: 'failureTask_keys', subs: [] },
        { key: 'failureWho_network', subs: [] },
        { key: 'failureAfter_safe', subs: [] },
      ],
    });
    expect(said(words)).toBe(
      'The keys the verifier accepts could not be listed. The network did not answer in time. Your funds are safe.',
    );
  });
});
