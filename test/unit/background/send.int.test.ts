// Sending from the intents account through the background against the simulator: the transfer is
// reviewed with the approval window's checks, signed only after Confirm (with the acknowledgement a
// transfer to someone else needs), published on the bus, followed to SETTLED, and the receiver's
// balance on the verifier rises by the amount. Mainnet without a bus key says so before anything.

import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { IntentsPreviewWire } from '../../../src/api/approvalApi';
import { wordsOf } from '../../../src/api/refusalWords';
import { type CreateResult, type IntentStatusView, WALLET } from '../../../src/api/walletApi';
import { said } from '../../../src/background/phrase';
import { startBackground } from '../../../src/background/start';
import { formatMessage, type MessageEntry } from '../../../src/core/messages';
import { backgroundEnv, call, ONE_NEAR, PASSWORD, simulatorWithClock, useSimulator, WNEAR } from './harness';

const { sim, clock } = simulatorWithClock();
beforeEach(() => fakeBrowser.reset());
const english = fakeBrowser.i18n.getMessage;
afterEach(() => {
  fakeBrowser.i18n.getMessage = english;
});

/** The background speaks `locale`'s catalogue, as the browser would for a person who reads it. */
function speak(locale: string): void {
  const words = JSON.parse(
    readFileSync(new URL(`../../../assets/public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Record<string, MessageEntry>;
  fakeBrowser.i18n.getMessage = ((key: string, subs?: string[]) => formatMessage(words, key, subs ?? [])) as never;
}

async function ledgerBalance(accountId: string): Promise<bigint> {
  const res = await fetch(`${sim.url}/dev/balances?accountId=${accountId}`);
  return BigInt(((await res.json()) as { balances: Record<string, string> }).balances[WNEAR] ?? '0');
}

async function funded() {
  const bg = startBackground(backgroundEnv(clock));
  await useSimulator(bg, sim.url, sim.busApiKey);
  const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  const account = created.status.accounts[0]!.accountId;
  const res = await fetch(`${sim.url}/dev/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId: account, tokenId: WNEAR, amount: (5n * ONE_NEAR).toString() }),
  });
  expect(res.status).toBe(200);
  return { bg, account };
}

describe('send to another intents account', () => {
  it('reviewed as a fact with a first-time receiver, confirmed without a tick, published, settled; the receiver holds the amount, and is known the next time', async () => {
    const { bg, account } = await funded();
    const receiver = `send${Date.now()}.near`;
    const { preview, reviewed } = await call<{ preview: IntentsPreviewWire; reviewed: string }>(
      bg,
      WALLET.previewSend,
      { receiverId: receiver, tokenId: WNEAR, amount: ONE_NEAR.toString() },
    );
    expect(preview.accountId).toBe(account);
    expect(preview.intents.map((i) => i.intent)).toEqual([
      { intent: 'transfer', receiver_id: receiver, tokens: { [WNEAR]: ONE_NEAR.toString() } },
    ]);
    // The person's own Send (docs/security.md, "Risk rules"): a fact, not danger, and the receiver's fact beside it.
    expect(preview.intents[0]!.findings.map((f) => `${f.level}:${f.code}`)).toEqual(['info:transfer_to_other']);
    expect(preview.level).toBe('info');
    expect(preview.recipients).toEqual([{ accountId: receiver, fact: 'firstTime' }]);
    const sent = await call<{ intentHash: string; status: string }>(bg, WALLET.send, { reviewed });
    expect(sent).toEqual({ intentHash: reviewed, status: 'OK' });
    // One review, one signature: the draft is gone.
    await expect(call(bg, WALLET.send, { reviewed, acknowledgeDanger: true })).rejects.toMatchObject({
      message: expect.stringMatching(/Review the transfer first/),
      data: { words: { key: 'send_reviewFirst', subs: [{ key: 'net_local' }] } },
    });
    await expect
      .poll(async () => {
        await fetch(`${sim.url}/dev/clock/advance`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ms: 1000 }),
        });
        return (await call<IntentStatusView>(bg, WALLET.intentStatus, { intentHash: sent.intentHash })).status;
      })
      .toBe('SETTLED');
    expect(await ledgerBalance(receiver)).toBe(ONE_NEAR);
    expect(await ledgerBalance(account)).toBe(4n * ONE_NEAR);
    // Settled, the receiver is one this account sent to before.
    const again = await call<{ preview: IntentsPreviewWire }>(bg, WALLET.previewSend, {
      receiverId: receiver,
      tokenId: WNEAR,
      amount: ONE_NEAR.toString(),
    });
    expect(again.preview.recipients).toEqual([{ accountId: receiver, fact: 'sentBefore' }]);
  });

  it('a Confirm signs only the review it names: after a newer review (another popup) the older Confirm is refused and nothing moves', async () => {
    const { bg, account } = await funded();
    const shownHere = await call<{ reviewed: string }>(bg, WALLET.previewSend, {
      receiverId: 'alice.near',
      tokenId: WNEAR,
      amount: '1',
    });
    const shownThere = await call<{ reviewed: string }>(bg, WALLET.previewSend, {
      receiverId: 'bob.near',
      tokenId: WNEAR,
      amount: ONE_NEAR.toString(),
    });
    await expect(
      call(bg, WALLET.send, { reviewed: shownHere.reviewed, acknowledgeDanger: true }),
    ).rejects.toMatchObject({ data: { field: 'reviewed' } });
    expect(await ledgerBalance(account)).toBe(5n * ONE_NEAR);
    // The newer review is still the one kept, and its own Confirm sends it.
    expect(await call(bg, WALLET.send, { reviewed: shownThere.reviewed, acknowledgeDanger: true })).toEqual({
      intentHash: shownThere.reviewed,
      status: 'OK',
    });
  });

  it('the bus answer lost after it took the transfer: Confirm again sends that same transfer, and the receiver is paid once', async () => {
    // Every answer to publish_intent is lost during the first Confirm (the client's own retries too); the bus executes it.
    let lose = true;
    const env = backgroundEnv(clock);
    const bg = startBackground({
      ...env,
      fetch: async (url, init) => {
        const res = await env.fetch(url, init);
        const text = await res.text();
        if (lose && typeof init.body === 'string' && init.body.includes('"publish_intent"'))
          throw new TypeError('fetch failed');
        return { status: res.status, headers: res.headers, text: async () => text };
      },
    });
    await useSimulator(bg, sim.url, sim.busApiKey);
    const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const account = created.status.accounts[0]!.accountId;
    await fetch(`${sim.url}/dev/fund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountId: account, tokenId: WNEAR, amount: (5n * ONE_NEAR).toString() }),
    });
    const receiver = `lost${Date.now()}.near`;
    const { reviewed } = await call<{ reviewed: string }>(bg, WALLET.previewSend, {
      receiverId: receiver,
      tokenId: WNEAR,
      amount: ONE_NEAR.toString(),
    });
    await expect(call(bg, WALLET.send, { reviewed, acknowledgeDanger: true })).rejects.toThrow();
    lose = false;
    // The user presses Sign and send again in the same window: the same transfer goes out again, never a second one.
    expect(await call(bg, WALLET.send, { reviewed, acknowledgeDanger: true })).toEqual({
      intentHash: reviewed,
      status: 'OK',
    });
    await expect
      .poll(async () => {
        await fetch(`${sim.url}/dev/clock/advance`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ms: 1000 }),
        });
        return (await call<IntentStatusView>(bg, WALLET.intentStatus, { intentHash: reviewed })).status;
      })
      .toBe('SETTLED');
    expect(await ledgerBalance(receiver)).toBe(ONE_NEAR);
    expect(await ledgerBalance(account)).toBe(4n * ONE_NEAR);
    // Sent: that review is spent.
    await expect(call(bg, WALLET.send, { reviewed, acknowledgeDanger: true })).rejects.toThrow(
      /Review the transfer first/,
    );
  });

  it('a signature the verifier check saw but could not answer stays valid: the next review warns that it may still execute, until it has', async () => {
    // The ledger RPC takes the signed transfer for simulate_intents and never answers: it holds a valid signature.
    let lose = true;
    const env = backgroundEnv(clock);
    const bg = startBackground({
      ...env,
      fetch: async (url, init) => {
        if (lose && typeof init.body === 'string' && init.body.includes('simulate_intents'))
          throw new TypeError('fetch failed');
        return env.fetch(url, init);
      },
    });
    await useSimulator(bg, sim.url, sim.busApiKey);
    const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const account = created.status.accounts[0]!.accountId;
    await fetch(`${sim.url}/dev/fund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountId: account, tokenId: WNEAR, amount: (5n * ONE_NEAR).toString() }),
    });
    const first = await call<{ reviewed: string }>(bg, WALLET.previewSend, {
      receiverId: 'carol.near',
      tokenId: WNEAR,
      amount: ONE_NEAR.toString(),
    });
    await expect(call(bg, WALLET.send, { reviewed: first.reviewed, acknowledgeDanger: true })).rejects.toThrow(
      /did not answer/,
    );
    lose = false;
    const second = await call<{ preview: IntentsPreviewWire; reviewed: string }>(bg, WALLET.previewSend, {
      receiverId: 'dave.near',
      tokenId: WNEAR,
      amount: ONE_NEAR.toString(),
    });
    expect(second.preview.batchFindings[0]).toMatchObject({
      level: 'danger',
      code: 'earlier_signature_live',
      words: { key: 'risk_earlierSignatureLive', subs: [expect.stringContaining('carol.near'), expect.any(String)] },
    });
    // The window that reviewed the first one sends that same signature; once it executed, a new review is clean.
    expect(await call(bg, WALLET.send, { reviewed: first.reviewed, acknowledgeDanger: true })).toEqual({
      intentHash: first.reviewed,
      status: 'OK',
    });
    const third = await call<{ preview: IntentsPreviewWire }>(bg, WALLET.previewSend, {
      receiverId: 'dave.near',
      tokenId: WNEAR,
      amount: ONE_NEAR.toString(),
    });
    expect(third.preview.batchFindings.map((f) => f.code)).not.toContain('earlier_signature_live');
  });

  /**
   * A background whose ledger RPC keeps the signed transfer of `simulate_intents` (it never answers) and,
   * once `lie` is set, says every nonce is used. `held` is what it kept.
   */
  async function keptByRpc() {
    const state = { lie: false, held: [] as unknown[] };
    const env = backgroundEnv(clock);
    const bg = startBackground({
      ...env,
      fetch: async (url, init) => {
        const body =
          typeof init.body === 'string'
            ? (JSON.parse(init.body) as { id?: unknown; params?: { method_name?: string; args_base64?: string } })
            : null;
        const view = body?.params?.method_name;
        if (view === 'simulate_intents') {
          state.held.push(
            ...(JSON.parse(Buffer.from(body!.params!.args_base64!, 'base64').toString('utf8')) as { signed: unknown[] })
              .signed,
          );
          throw new TypeError('fetch failed');
        }
        if (state.lie && view === 'is_nonce_used') {
          const result = {
            result: [...Buffer.from('true')],
            logs: [],
            block_height: 1,
            block_hash: '11111111111111111111111111111111',
          };
          return {
            status: 200,
            headers: { get: () => null },
            text: async () => JSON.stringify({ jsonrpc: '2.0', id: body!.id, result }),
          };
        }
        return env.fetch(url, init);
      },
    });
    await useSimulator(bg, sim.url, sim.busApiKey);
    const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const account = created.status.accounts[0]!.accountId;
    await fetch(`${sim.url}/dev/fund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountId: account, tokenId: WNEAR, amount: (5n * ONE_NEAR).toString() }),
    });
    const first = await call<{ reviewed: string }>(bg, WALLET.previewSend, {
      receiverId: 'carol.near',
      tokenId: WNEAR,
      amount: ONE_NEAR.toString(),
    });
    await expect(call(bg, WALLET.send, { reviewed: first.reviewed, acknowledgeDanger: true })).rejects.toThrow(
      /did not answer/,
    );
    expect(state.held.length).toBeGreaterThan(0);
    const codes = async () =>
      (
        await call<{ preview: IntentsPreviewWire }>(bg, WALLET.previewSend, {
          receiverId: 'dave.near',
          tokenId: WNEAR,
          amount: '1',
        })
      ).preview.batchFindings.map((f) => f.code);
    return { bg, state, first, codes };
  }

  it('the RPC saying the kept transfer’s nonce is used does not clear the warning; the bus saying it settled does', async () => {
    const { state, first, codes } = await keptByRpc();
    state.lie = true;
    expect(await codes()).toContain('earlier_signature_live');
    // Whoever holds the signature publishes it; once the bus reports it settled, it cannot execute again.
    const res = await fetch(`${sim.url}/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-API-Key': sim.busApiKey },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'publish_intent',
        params: [{ signed_data: state.held[0], quote_hashes: [] }],
      }),
    });
    expect(((await res.json()) as { result: { status: string; intent_hash: string } }).result).toEqual({
      status: 'OK',
      intent_hash: first.reviewed,
    });
    await expect
      .poll(async () => {
        await fetch(`${sim.url}/dev/clock/advance`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ms: 1000 }),
        });
        return codes();
      })
      .not.toContain('earlier_signature_live');
  });

  it('the kept transfer stops being live when its deadline passes, whatever the RPC says', async () => {
    const { codes } = await keptByRpc();
    expect(await codes()).toContain('earlier_signature_live');
    await fetch(`${sim.url}/dev/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 2 * 3600_000 }),
    });
    expect(await codes()).not.toContain('earlier_signature_live');
  });

  it('refuses sending to itself, a zero amount, and on Mainnet without a bus key says what is missing', async () => {
    const { bg, account } = await funded();
    const itself = await call(bg, WALLET.previewSend, { receiverId: account, tokenId: WNEAR, amount: '1' }).catch(
      (e: unknown) => e,
    );
    expect(itself).toMatchObject({ data: { field: 'receiverId', words: { key: 'send_toItself' } } });
    // The person reads the refusal in their language (docs/architecture.md, "Words and languages").
    speak('es');
    expect(said(wordsOf((itself as { data?: unknown }).data)!)).toBe(
      'Esa es esta cuenta; elige otra cuenta a la que enviar.',
    );
    fakeBrowser.i18n.getMessage = english;
    await expect(
      call(bg, WALLET.previewSend, { receiverId: 'bob.near', tokenId: WNEAR, amount: '0' }),
    ).rejects.toMatchObject({ data: { field: 'amount', words: { key: 'send_amountZero' } } });
    await call(bg, WALLET.setSettings, { preset: 'mainnet' });
    await expect(call(bg, WALLET.previewSend, { receiverId: 'bob.near', tokenId: WNEAR, amount: '1' })).rejects.toThrow(
      /message-bus API key/,
    );
  });
});
