/**
 * The verifier's check between Confirm and release (docs/security.md, "No signature before consent" and
 * "No redirects"): when the ledger RPC cannot run `simulate_intents` the page gets 4900 naming the ledger
 * and its setting (docs/interface.md, the ledger RPC row), a redirect is named in fixed words that leave
 * out the endpoint's host, and an "invalid salt" ends the request asking the page to ask again. In every
 * case the signature stays in the wallet. Real background, real simulator; only the answers to
 * `simulate_intents` are replaced, as the network party between wallet and RPC could replace them.
 */

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL } from '../../../../src/api/approvalApi';
import type { Phrase } from '../../../../src/core/phrase';
import { ERROR_CODES, METHODS } from '../../../../src/provider/protocol';
import { simulatorPerFile } from '../../../support/simulatorPerFile';
import { call } from '../harness';
import { DAPP, onRequests, pageSetup } from '../pageHarness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

type Answer = (url: string) => Promise<Response>;

/** A background whose `simulate_intents` after Confirm gets `answer` instead of the RPC's; counts those asks. */
async function withCheckAnswer(answer: Answer) {
  const asked: string[] = [];
  const t = await pageSetup(
    sim,
    { now: Date.now() },
    {
      fetch: onRequests('simulate_intents', (request) => {
        asked.push(request.body);
        return answer(request.url);
      }),
    },
  );
  await t.connect();
  return { t, asked };
}

/** Asks for a signature, confirms it, and returns what the window and the page were told. */
async function confirmSignIntents(t: Awaited<ReturnType<typeof pageSetup>>) {
  const pending = await t.page(METHODS.signIntents, { intents: [] });
  const view = await t.current();
  expect(view?.intents?.simulation, 'the preview itself needs no signature').toMatchObject({ ok: true });
  const outcome = await call<{ refused: string; words?: Phrase } | null>(t.bg, APPROVAL.resolve, {
    id: view!.id,
    approve: true,
  });
  const reply = await t.answerOf(pending);
  expect(JSON.stringify(reply), 'no signature reaches the page').not.toContain('"signature"');
  expect(await t.current(), 'the request ended').toBeNull();
  return { outcome, reply };
}

describe('a ledger RPC that cannot check the signed request', () => {
  it('unreachable: 4900 naming the ledger and endpoints.ledgerRpc, no HTTP status', async () => {
    const { t, asked } = await withCheckAnswer(() => Promise.reject(new TypeError('fetch failed')));
    const { outcome, reply } = await confirmSignIntents(t);
    expect(asked.length).toBeGreaterThan(0);
    expect(outcome?.refused).toMatch(/^The ledger RPC is unreachable.*not released.*endpoints\.ledgerRpc/);
    expect(outcome?.words).toEqual({
      key: 'approveRefused_ledgerUnreachable',
      subs: [{ key: 'advanced_ledgerRpcUrl', subs: [] }],
    });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        code: ERROR_CODES.disconnected,
        message: outcome?.refused,
        data: { service: 'ledger', httpStatus: null, setting: 'endpoints.ledgerRpc' },
      },
    });
  });

  it('the window stays open to say why it was not released; a release closes it', async () => {
    const { t } = await withCheckAnswer(() => Promise.reject(new TypeError('fetch failed')));
    const { outcome } = await confirmSignIntents(t);
    expect(outcome?.refused).toMatch(/unreachable/);
    // The window that showed the request (the connect's, or one opened after it closed) is kept to show why.
    expect(t.closed).not.toContain(t.windows.at(-1));

    const released = await pageSetup(sim, { now: Date.now() });
    await released.connect();
    const pending = await released.page(METHODS.signIntents, { intents: [] });
    const view = await released.current();
    expect(await call(released.bg, APPROVAL.resolve, { id: view!.id, approve: true })).toBeNull();
    expect((await released.answerOf(pending)).ok).toBe(true);
    expect(released.closed).toContain(released.windows.at(-1));
  });

  it('an HTTP refusal: 4900 saying and carrying the status the RPC answered, not "unreachable"', async () => {
    const { t } = await withCheckAnswer(async () => new Response('{}', { status: 403 }));
    const { outcome, reply } = await confirmSignIntents(t);
    expect(outcome?.refused).toMatch(
      /^The ledger RPC answered with HTTP status 403, .*not released.*endpoints\.ledgerRpc/,
    );
    expect(outcome?.words).toEqual({
      key: 'approveRefused_ledgerStatus',
      subs: ['403', { key: 'advanced_ledgerRpcUrl', subs: [] }],
    });
    expect(reply).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.disconnected, data: { service: 'ledger', httpStatus: 403 } },
    });
  });

  it('an answer that is not JSON (a captive portal page) is said as unreachable, its status carried', async () => {
    const { t } = await withCheckAnswer(async () => new Response('<html>Sign in to the Wi-Fi</html>', { status: 200 }));
    const { outcome, reply } = await confirmSignIntents(t);
    expect(outcome?.refused).toMatch(/^The ledger RPC is unreachable/);
    expect(outcome?.words).toMatchObject({ key: 'approveRefused_ledgerUnreachable' });
    expect(reply).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.disconnected, data: { service: 'ledger', httpStatus: 200 } },
    });
  });

  it('a redirect is not followed, and the words for it do not name where the RPC pointed', async () => {
    const { t, asked } = await withCheckAnswer(
      async () => new Response(null, { status: 307, headers: { location: 'https://recorder.example/' } }),
    );
    const { outcome, reply } = await confirmSignIntents(t);
    expect(asked, 'a redirect is never retried').toHaveLength(1);
    expect(outcome?.refused).toMatch(/^The verifier could not check this request: .*redirect.*It was not released\.$/);
    expect(outcome?.words).toEqual({ key: 'approveRefused_ledgerRedirect', subs: [] });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        code: ERROR_CODES.disconnected,
        message: outcome?.refused,
        data: { service: 'ledger', httpStatus: 307, setting: 'endpoints.ledgerRpc' },
      },
    });
    const host = new URL(sim.url).host;
    expect(JSON.stringify(reply)).not.toContain(host);
    expect(JSON.stringify(reply)).not.toContain('recorder.example');
  });
});

describe('an "invalid salt" from the ledger RPC', () => {
  it('ends the request: the page is told to ask again, with the intent hash and the reason', async () => {
    const panic = 'wasm execution failed with error: HostError(GuestPanic { panic_msg: "invalid salt" })';
    const { t, asked } = await withCheckAnswer(
      async () =>
        new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { error: panic, logs: [] } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const { outcome, reply } = await confirmSignIntents(t);
    expect(asked, 'one signature, checked once').toHaveLength(1);
    expect(outcome?.refused).toMatch(
      /^The verifier refused it: .*invalid salt.*Ask again: the nonce must be made anew\.$/,
    );
    expect(outcome?.words).toEqual({ key: 'approveRefused_askAgain', subs: [] });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        code: ERROR_CODES.internal,
        data: { intentHash: expect.any(String), reason: expect.stringMatching(/invalid salt/) },
      },
    });
  });
});

describe('a signature the ledger RPC saw and the page never got', () => {
  const refusal = (reason: string) => async () =>
    new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { error: reason, logs: [] } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });

  for (const [what, answer] of [
    [
      'refused',
      refusal('wasm execution failed with error: HostError(GuestPanic { panic_msg: "insufficient balance" })'),
    ],
    ['unreachable', () => Promise.reject(new TypeError('fetch failed'))],
    // Only the RPC says the salt is stale: it may keep a signature that is valid all the same.
    [
      '"invalid salt"',
      refusal('wasm execution failed with error: HostError(GuestPanic { panic_msg: "invalid salt" })'),
    ],
  ] as const) {
    it(`${what}: the page's next request is danger naming it until its deadline passes, and Confirm needs the tick`, async () => {
      const clock = { now: Date.now() };
      const t = await pageSetup(sim, clock, { fetch: onRequests('simulate_intents', answer) });
      await t.connect();
      const pending = await t.page(METHODS.signIntents, { intents: [] });
      const first = await t.current();
      expect(first?.intents?.batchFindings.map((f) => f.code)).not.toContain('refused_signature_live');
      const outcome = await call<{ refused: string } | null>(t.bg, APPROVAL.resolve, { id: first!.id, approve: true });
      expect(outcome?.refused).toBeTruthy();
      await t.answerOf(pending);

      const again = await t.page(METHODS.signIntents, { intents: [] });
      const second = await t.current();
      const held = second?.intents?.batchFindings.find((f) => f.code === 'refused_signature_live');
      expect(held).toMatchObject({ level: 'danger', words: { key: 'risk_refusedSignatureLive' } });
      expect(held?.words.subs[0]).toBe(DAPP.origin);
      await expect(call(t.bg, APPROVAL.resolve, { id: second!.id, approve: true })).rejects.toThrow(
        /understand the risk/,
      );
      await call(t.bg, APPROVAL.resolve, { id: second!.id, approve: false });
      await t.answerOf(again);

      // Past its deadline it can no longer execute: nothing more is said.
      clock.now += 2 * 24 * 3600_000;
      const later = await t.page(METHODS.signIntents, { intents: [] });
      const third = await t.current();
      expect(third?.intents?.batchFindings.map((f) => f.code)).not.toContain('refused_signature_live');
      await call(t.bg, APPROVAL.resolve, { id: third!.id, approve: false });
      await t.answerOf(later);
    });
  }

  it('one the page got is not held: its next request carries no such finding', async () => {
    const t = await pageSetup(sim, { now: Date.now() });
    await t.connect();
    for (let i = 0; i < 2; i++) {
      const pending = await t.page(METHODS.signIntents, { intents: [] });
      const view = await t.current();
      expect(view?.intents?.batchFindings.map((f) => f.code)).not.toContain('refused_signature_live');
      expect(await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true })).toBeNull();
      expect((await t.answerOf(pending)).ok).toBe(true);
    }
  });
});
