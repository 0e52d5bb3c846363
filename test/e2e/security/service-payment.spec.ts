// Red team: a swap service (or anyone on its network path) that writes the payment of an INTENTS swap
// as something else (docs/security.md, "Payments the swap service writes"). The wallet pays a swap from
// the intents account by signing the transfer the service proposes (`POST /v0/generate-intent`); a
// proposal that pays another account, moves more, or adds an intent must be refused before it is shown
// as signable, and nothing may be signed or sent. Tried through the wallet's own API as the popup calls
// it, in the real extension, against the real simulator behind a rewriting proxy.
import { randomBytes } from 'node:crypto';
import type { SwapRecordView } from '../../../src/api/swapApi';
import { WALLET } from '../../../src/api/walletApi';
import { formatPublicKey, formatUnits, generateKeyPair, type KeyPair, signQuote } from '../../../src/core';
import type { RunningSimulator } from '../../../src/sim/server';
import { balances, fund, openWallet, TEN_WNEAR, WNEAR } from '../provider-helpers';
import { expect, test, walletCall } from '../sim';
import { intentsSwap, realRequests, startRecorder } from './helpers';

type Rewrite = (message: Record<string, unknown>) => void;

const ATTACKS: [string, Rewrite][] = [
  [
    'pays the attacker',
    (m) => {
      (m.intents as Record<string, unknown>[])[0]!.receiver_id = 'mallory.near';
    },
  ],
  [
    'moves all the balance',
    (m) => {
      (m.intents as Record<string, unknown>[])[0]!.tokens = { [WNEAR]: TEN_WNEAR };
    },
  ],
  [
    'adds a key of the attacker',
    (m) =>
      void (m.intents as unknown[]).push({
        intent: 'add_public_key',
        public_key: 'ed25519:5J5tkaxyPoR3Q9S8LXfo5bWnXK5Z2bctJ4mB9gENh7co',
      }),
  ],
];

/** The swap service as the attacker runs it: the simulator's answers, with `rewrite` applied to a JSON answer of `path`. */
async function serviceRewriting(sim: RunningSimulator, path: string, rewrite: (json: Record<string, unknown>) => void) {
  return startRecorder(async (req, res, cors) => {
    const answer = await fetch(`${sim.url}${req.path}`, {
      method: req.method,
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => ['authorization', 'content-type', 'x-api-key'].includes(k)),
      ),
      ...(req.body.length > 0 ? { body: req.body } : {}),
    });
    let text = await answer.text();
    if (req.path === path && answer.status === 200) {
      const json = JSON.parse(text) as Record<string, unknown>;
      rewrite(json);
      text = JSON.stringify(json);
    }
    res.writeHead(answer.status, { ...cors, 'content-type': 'application/json' }).end(text);
  });
}

for (const [name, rewrite] of ATTACKS) {
  test(`a swap service whose payment ${name} is refused before anything is signed`, async ({ sim }) => {
    const w = await openWallet(sim);
    const service = await serviceRewriting(sim, '/v0/generate-intent', (json) => {
      const payload = (json.intent as { payload: { message: string } }).payload;
      const message = JSON.parse(payload.message) as Record<string, unknown>;
      rewrite(message);
      payload.message = JSON.stringify(message);
    });
    try {
      await fund(sim, w.accountId, WNEAR, TEN_WNEAR);
      await walletCall(w.popup, WALLET.setSettings, {
        endpoints: { swap: service.url },
        quoteSigningKey: sim.quotePublicKey,
      });
      await walletCall(w.popup, WALLET.setSettings, { jwt: sim.devJwt });
      const swap = await walletCall<SwapRecordView>(
        w.popup,
        'swap_start',
        intentsSwap(w.accountId, '2000000000000000000000000'),
      );
      const preview = await walletCall(w.popup, 'swap_previewPayment', { id: swap.id }).then(
        () => 'shown',
        (e: Error) => e.message,
      );
      expect(preview).toMatch(/proposed a payment that is not this swap's .*nothing was signed/);
      const pay = await walletCall(w.popup, 'swap_payFromIntents', {
        id: swap.id,
        reviewed: 'nothing was shown',
        acknowledgeDanger: true,
      }).then(
        () => 'paid',
        (e: Error) => e.message,
      );
      expect(pay).toMatch(/Review the payment first/);
      expect(realRequests(service.requests()).map((r) => r.path.split('?')[0])).not.toContain('/v0/submit-intent');
      expect((await balances(sim, w.accountId))[WNEAR]).toBe(TEN_WNEAR);
      expect((await balances(sim, 'mallory.near'))[WNEAR]).toBeUndefined();
    } finally {
      await w.close();
      await service.close();
    }
  });
}

/**
 * A non-dry quote (the one a swap starts from) changed by `change`; every quote then signed again by
 * `key`, the key the wallet is told to trust for this service: a service that signs what it means, so
 * what is tried here is the wallet's own check of the amount, not the signature (quote-tamper.spec.ts).
 */
const startQuote =
  (key: KeyPair, change: (quote: Record<string, string>) => void) => (json: Record<string, unknown>) => {
    if ((json.quoteRequest as { dry: boolean }).dry === false) change(json.quote as Record<string, string>);
    json.signature = signQuote(json, key.secretSeed);
  };
const serviceKey = () => generateKeyPair((n) => new Uint8Array(randomBytes(n)));

test('a quote that takes more than the amount asked (EXACT_INPUT, as Withdraw asks) is refused before its address is kept; nothing is paid', async ({
  sim,
}) => {
  const w = await openWallet(sim);
  const asked = 2n * 10n ** 24n;
  const key = serviceKey();
  // The service's quote takes four times the amount asked, and still says "2" in words.
  const service = await serviceRewriting(
    sim,
    '/v0/quote',
    startQuote(key, (q) => {
      q.amountIn = String(4n * asked);
    }),
  );
  try {
    await fund(sim, w.accountId, WNEAR, TEN_WNEAR);
    await walletCall(w.popup, WALLET.setSettings, {
      endpoints: { swap: service.url },
      quoteSigningKey: formatPublicKey(key.publicKey),
    });
    const started = await walletCall<SwapRecordView>(
      w.popup,
      'swap_start',
      intentsSwap(w.accountId, String(asked)),
    ).then(
      (r) =>
        `started; it would pay ${(JSON.parse(r.quoteResponseJson) as { quote: { amountIn: string } }).quote.amountIn} while showing ${r.amountToSend}`,
      (e: Error) => e.message,
    );
    expect(started).toMatch(/takes 8000000000000000000000000 .* not the 2000000000000000000000000 asked/);
    expect(await walletCall<SwapRecordView[]>(w.popup, 'swap_list')).toEqual([]);
    expect((await balances(sim, w.accountId))[WNEAR]).toBe(TEN_WNEAR);
  } finally {
    await w.close();
    await service.close();
  }
});

test('a quote whose words say less than it takes (EXACT_OUTPUT): the amount to send is the one the payment moves', async ({
  sim,
}) => {
  const w = await openWallet(sim);
  const key = serviceKey();
  const service = await serviceRewriting(
    sim,
    '/v0/quote',
    startQuote(key, (q) => {
      q.amountInFormatted = '0.1';
    }),
  );
  try {
    await walletCall(w.popup, WALLET.setSettings, {
      endpoints: { swap: service.url },
      quoteSigningKey: formatPublicKey(key.publicKey),
    });
    // The quote the person reviewed first: an EXACT_OUTPUT swap is tied to it.
    const dry = await walletCall<{ quote: { amountIn: string } }>(
      w.popup,
      'swap_quote',
      intentsSwap(w.accountId, '1000000', 'EXACT_OUTPUT'),
    );
    const swap = await walletCall<SwapRecordView>(w.popup, 'swap_start', {
      ...intentsSwap(w.accountId, '1000000', 'EXACT_OUTPUT'),
      acceptedAmountIn: dry.quote.amountIn,
    });
    const amountIn = BigInt((JSON.parse(swap.quoteResponseJson) as { quote: { amountIn: string } }).quote.amountIn);
    expect(amountIn).toBeGreaterThan(10n ** 23n);
    expect(swap.amountToSend).toBe(`${formatUnits(amountIn, 24)} wNEAR`);
  } finally {
    await w.close();
    await service.close();
  }
});
