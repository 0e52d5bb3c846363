/**
 * Token facts end to end in the background (docs/security.md, "Token facts"), against the real simulator:
 * its ledger RPC answers `ft_metadata` for its token contracts as a real RPC does, and a swap service whose
 * token list lies (a real HTTP server in front of the simulator rewriting `GET /v0/tokens`) cannot make
 * the wallet word an amount with its decimals: the popup's list and balances flag the token, Send refuses
 * it, and the approval window's preview shows the danger and raw units.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as z from 'zod/mini';
import { APPROVAL } from '../../../src/api/approvalApi';
import type { TokenView } from '../../../src/api/swapApi';
import { type BalancesView, WALLET } from '../../../src/api/walletApi';
import { TokenFacts } from '../../../src/background/tokens/facts';
import { LedgerRpcClient } from '../../../src/bus';
import { type HttpDeps, KNOWN_TOKENS } from '../../../src/core';
import { fetchTokens } from '../../../src/oneclick';
import { METHODS } from '../../../src/provider/protocol';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import { SIM_TOKENS } from '../../../src/sim/tokenList';
import { call } from './harness';
import { pageSetup } from './pageHarness';

const WNEAR = 'nep141:wrap.near';
const USDT = 'nep141:usdt.tether-token.near';
const ONE = '1000000000000000000000000';

let sim: RunningSimulator;
let liar: Server;
let liarUrl = '';
/** What the lying list says, per asset id. */
const lies = new Map<string, { decimals?: number; symbol?: string; blockchain?: string }>();

beforeAll(async () => {
  sim = await startSimulator({ port: 0, clock: 'manual' });
  // The swap service as an attacker runs it: the simulator's answers, the token list rewritten.
  liar = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      const answer = await fetch(`${sim.url}${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers: Object.fromEntries(
          Object.entries(req.headers).filter(([k]) => ['authorization', 'content-type'].includes(k)) as [
            string,
            string,
          ][],
        ),
        ...(body.length > 0 ? { body } : {}),
      });
      let text = await answer.text();
      if ((req.url ?? '').split('?')[0] === '/v0/tokens' && answer.ok) {
        text = JSON.stringify(
          (JSON.parse(text) as { assetId: string }[]).map((t) => ({ ...t, ...lies.get(t.assetId) })),
        );
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
    })();
  });
  await new Promise<void>((r) => liar.listen(0, '127.0.0.1', r));
  liarUrl = `http://127.0.0.1:${(liar.address() as AddressInfo).port}`;
});
afterAll(async () => {
  liar.closeAllConnections();
  await new Promise((r) => liar.close(r));
  await sim.close();
});
beforeEach(() => {
  fakeBrowser.reset();
  lies.clear();
});

const fund = (accountId: string, tokenId: string, amount: string) =>
  fetch(`${sim.url}/dev/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId, tokenId, amount }),
  });
const http: HttpDeps = { fetch: (url, init) => fetch(url, init), sleep: async () => undefined, policy: { retries: 0 } };
const ledger = () =>
  new LedgerRpcClient({ url: sim.urls.ledgerRpc, verifierId: sim.sim.ctx.config.verifierId, deps: http });

describe("the simulator's token contracts", () => {
  it('answer ft_metadata as a NEP-141 contract on a real RPC does; other views and other accounts fail as they would', async () => {
    for (const t of SIM_TOKENS.filter((x) => x.assetId.startsWith('nep141:'))) {
      expect(await ledger().ftMetadata(t.assetId.slice('nep141:'.length)), t.assetId).toEqual({
        symbol: t.symbol,
        decimals: t.decimals,
      });
    }
    const raw = await ledger().viewOf('wrap.near', 'ft_metadata', {}, z.unknown());
    expect(raw).toEqual({
      spec: 'ft-1.0.0',
      name: 'wNEAR',
      symbol: 'wNEAR',
      icon: null,
      reference: null,
      reference_hash: null,
      decimals: 24,
    });
    await expect(
      ledger().viewOf('wrap.near', 'ft_balance_of', { account_id: 'a.near' }, z.unknown()),
    ).rejects.toMatchObject({ panic: expect.stringContaining('MethodNotFound') });
    await expect(ledger().ftMetadata('nobody.near')).rejects.toThrow();
  });

  it('confirm the facts of the tokens a smaller table leaves to them, and dispute a list that lies about one', async () => {
    lies.set(USDT, { decimals: 18 });
    const facts = new TokenFacts({
      endpoint: async () => liarUrl,
      fetchList: (url) => fetchTokens(http, url),
      ftMetadata: (contractId) => ledger().ftMetadata(contractId),
      now: () => Date.now(),
      known: async () => new Map([[WNEAR, KNOWN_TOKENS.get(WNEAR)!]]),
    });
    const byId = new Map((await facts.checked()).map((c) => [c.token.assetId, c.check]));
    expect(byId.get(WNEAR)).toMatchObject({ status: 'confirmed', source: 'table' });
    expect(byId.get('nep141:eth.omft.near')).toMatchObject({
      status: 'confirmed',
      source: 'contract',
      facts: { symbol: 'ETH', decimals: 18 },
    });
    expect(byId.get(USDT)).toMatchObject({
      status: 'disputed',
      source: 'contract',
      service: { decimals: 18 },
      checked: { decimals: 6 },
    });
    expect(byId.get('nep245:v2_1.omni.hot.tg:1117_')).toMatchObject({ status: 'unconfirmed' });
  });
});

describe('a token list that moves a token to another chain than its id names', () => {
  it('disputes it with words, for the bridge’s tokens; an id that names no chain is not judged by it', async () => {
    lies.set('nep141:eth.omft.near', { blockchain: 'base' });
    const facts = new TokenFacts({
      endpoint: async () => liarUrl,
      fetchList: (url) => fetchTokens(http, url),
      ftMetadata: (contractId) => ledger().ftMetadata(contractId),
      now: () => Date.now(),
      known: async () => KNOWN_TOKENS,
    });
    const byId = new Map((await facts.checked()).map((c) => [c.token.assetId, c.check]));
    expect(byId.get('nep141:eth.omft.near')).toMatchObject({
      status: 'disputed',
      note: { key: 'tokenFacts_disputedChain', subs: ['nep141:eth.omft.near', 'base', 'eth'] },
    });
    expect(byId.get(WNEAR)).toMatchObject({ status: 'confirmed' });
    // wNEAR's id names no chain: the list's chain for it is not what decides.
    lies.clear();
    lies.set(WNEAR, { blockchain: 'base' });
    facts.forget();
    const again = new Map((await facts.checked()).map((c) => [c.token.assetId, c.check]));
    expect(again.get(WNEAR)).toMatchObject({ status: 'confirmed' });
    expect(again.get('nep141:eth.omft.near')).toMatchObject({ status: 'confirmed' });
  });
});

describe('a swap service whose token list lies about wNEAR', () => {
  async function lyingWallet() {
    lies.set(WNEAR, { decimals: 30 });
    const t = await pageSetup(sim);
    await call(t.bg, WALLET.setSettings, { endpoints: { swap: liarUrl } });
    await fund(t.accountId, WNEAR, ONE);
    await fund(t.accountId, USDT, '5000000');
    return t;
  }

  it('the popup’s list and balances flag wNEAR without decimals or value; the others stay as they were', async () => {
    const t = await lyingWallet();
    const tokens = await call<TokenView[]>(t.bg, 'swap_tokens');
    expect(tokens.find((x) => x.assetId === WNEAR)).toMatchObject({
      decimals: null,
      facts: 'disputed',
      factsNote: { key: 'tokenFacts_disputedTable', subs: [WNEAR, '30', 'wNEAR', '24', 'wNEAR'] },
    });
    expect(tokens.find((x) => x.assetId === USDT)).toMatchObject({ decimals: 6, facts: 'confirmed' });
    const view = await call<BalancesView>(t.bg, WALLET.balances, {});
    expect(view.rows.find((r) => r.assetId === WNEAR)).toMatchObject({
      amount: ONE,
      decimals: null,
      usd: null,
      facts: 'disputed',
    });
    expect(view.rows.find((r) => r.assetId === USDT)).toMatchObject({ decimals: 6, usd: '5.00', facts: 'confirmed' });
  });

  it('Send refuses wNEAR, at review and at Confirm of a review made before the lie; USDT is still reviewed', async () => {
    const t = await pageSetup(sim);
    await fund(t.accountId, WNEAR, ONE);
    const earlier = await call<{ reviewed: string }>(t.bg, WALLET.previewSend, {
      receiverId: 'bob.near',
      tokenId: WNEAR,
      amount: ONE,
    });
    lies.set(WNEAR, { decimals: 30 });
    await call(t.bg, WALLET.setSettings, { endpoints: { swap: liarUrl } });
    await expect(
      call(t.bg, WALLET.send, { reviewed: earlier.reviewed, acknowledgeDanger: true }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/disagree.*Send does not use this token/),
      data: { field: 'tokenId' },
    });
    await expect(
      call(t.bg, WALLET.previewSend, { receiverId: 'bob.near', tokenId: WNEAR, amount: ONE }),
    ).rejects.toThrow(/disagree/);
    await fund(t.accountId, USDT, '5000000');
    const ok = await call<{ preview: { intents: { findings: { code: string }[] }[] } }>(t.bg, WALLET.previewSend, {
      receiverId: 'bob.near',
      tokenId: USDT,
      amount: '1000000',
    });
    expect(ok.preview.intents[0]!.findings.map((f) => f.code)).not.toContain('token_facts_disputed');
  });

  it("a page's swap giving 1 wNEAR: the window's preview has the danger finding, and wNEAR only in raw units", async () => {
    const t = await lyingWallet();
    await t.connect();
    await t.page(METHODS.signIntents, {
      intents: [{ intent: 'token_diff', diff: { [WNEAR]: `-${ONE}`, [USDT]: '2300000' } }],
    });
    const preview = (await t.current())!.intents!;
    expect(preview.batchFindings).toContainEqual({
      level: 'danger',
      code: 'token_facts_disputed',
      words: {
        key: 'risk_tokenFactsDisputed',
        subs: [{ key: 'tokenFacts_disputedTable', subs: expect.arrayContaining([WNEAR]) }],
      },
    });
    expect(preview.level).toBe('danger');
    expect(preview.tokens.map((x) => x.assetId)).toEqual([USDT]);
    expect(preview.simulation).toMatchObject({
      ok: true,
      balanceChanges: expect.arrayContaining([
        // A token the wallet cannot confirm has no USD value either: its price is the same service's word.
        {
          accountId: t.accountId,
          tokenId: WNEAR,
          text: `-${ONE} units of ${WNEAR}`,
          amount: { key: 'amount_unitsOf', subs: [ONE, WNEAR] },
          usd: null,
        },
      ]),
    });
    // The confirmed one is valued at the service's price (0.999986 USD), exactly: 2.3 × 0.999986 = 2.2999678.
    expect(preview.changes).toContainEqual({
      accountId: t.accountId,
      tokenId: USDT,
      text: '+2.3 USDT',
      amount: { decimal: '2.3', unit: 'USDT' },
      usd: '2.30',
    });
    await call(t.bg, APPROVAL.resolve, { id: (await t.current())!.id, approve: false });
  });
});
