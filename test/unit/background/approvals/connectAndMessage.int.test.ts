/**
 * What a page receives after the user approves a connect or a sign-message window (docs/interface.md,
 * the provider's events; docs/security.md, "Per-document identity" and "No signature before consent"):
 * the `connect` event with the granted accounts goes to the site that asked and to no other site, and a
 * NEP-413 signature covers the callback URL the page asked for. Real background, real simulator.
 */

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL } from '../../../../src/api/approvalApi';
import { base64, parsePublicKey, verifyNep413 } from '../../../../src/core';
import { METHODS } from '../../../../src/provider/protocol';
import { simulatorPerFile } from '../../../support/simulatorPerFile';
import { call, EVENTUALLY } from '../harness';
import { DAPP, OTHER, pageSetup } from '../pageHarness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

describe('an approved connect', () => {
  it('tells the asking site `connect` and `accountsChanged` with its accounts, and another site that talked to the wallet nothing', async () => {
    const t = await pageSetup(sim);
    // Another site's document is known to the wallet (it asked which accounts it may see).
    expect(await t.page(METHODS.accounts, undefined, OTHER)).toEqual({ ok: true, result: [] });
    expect(await t.connect()).toMatchObject({ ok: true });
    const accounts = [{ accountId: t.accountId, publicKey: t.publicKey }];
    const connectEvents = () =>
      t.pushes.filter((p) => p.message.type === 'providerEvent' && p.message.event === 'connect');
    await expect.poll(() => connectEvents().length, EVENTUALLY).toBeGreaterThan(0);
    await expect.poll(() => t.pushes.filter((p) => p.message.type === 'providerEvent').length, EVENTUALLY).toBe(2);
    expect(connectEvents().map((p) => [p.tabId, p.message])).toEqual([
      [DAPP.tab.id, { type: 'providerEvent', event: 'connect', data: { accounts }, doc: DAPP.doc }],
    ]);
    // And `accountsChanged` with the same accounts (docs/dapps.md, the provider's events).
    expect(
      t.pushes.filter((p) => p.message.type === 'providerEvent' && p.message.event !== 'connect').map((p) => p.message),
    ).toEqual([{ type: 'providerEvent', event: 'accountsChanged', data: accounts, doc: DAPP.doc }]);
    expect(t.pushes.filter((p) => p.tabId === OTHER.tab.id && p.message.type === 'providerEvent')).toEqual([]);
  });
});

describe('an approved message with a callback URL', () => {
  it('is signed over the callback URL the page asked for', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const nonce = base64.encode(new Uint8Array(32).fill(51));
    const asked = { message: 'sign in', recipient: 'dapp.example', callbackUrl: 'https://dapp.example/done' };
    const pending = await t.page(METHODS.signMessage, { ...asked, nonce });
    const view = await t.current();
    expect(await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true })).toBeNull();
    const reply = await t.answerOf(pending);
    if (reply.ok !== true) throw new Error(JSON.stringify(reply));
    const { publicKey, signature } = reply.result as { publicKey: string; signature: string };
    const key = parsePublicKey(publicKey);
    const sig = base64.decode(signature);
    expect(verifyNep413(key, { ...asked, nonce: base64.decode(nonce) }, sig)).toBe(true);
    expect(verifyNep413(key, { ...asked, callbackUrl: null, nonce: base64.decode(nonce) }, sig)).toBe(false);
  });
});
