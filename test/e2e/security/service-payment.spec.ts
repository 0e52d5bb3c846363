// Red team: a swap service (or anyone on its network path) that writes the payment of an INTENTS swap
// as something else (docs/security.md, "Payments the swap service writes"). The wallet pays a swap from
// the intents account by signing the transfer the service proposes (`POST /v0/generate-intent`); a
// proposal that pays another account, moves more, or adds an intent must be refused before it is shown
// as signable, and nothing may be signed or sent. Tried through the wallet's own API as the popup calls
// it, in the real extension, against the real simulator behind a rewriting proxy.
import type { QuoteParams, SwapRecordView } from '../../../src/provider/swapApi';
import { WALLET } from '../../../src/provider/walletApi';
import { TEN_WNEAR, USDT, WNEAR, balances, fund, openWallet } from '../provider-helpers';
import { expect, test, walletCall } from '../sim';
import { realRequests, startRecorder } from './helpers';

type Rewrite = (message: Record<string, unknown>) => void;

const ATTACKS: [string, Rewrite][] = [
  ['pays the attacker', (m) => void ((m.intents as Record<string, unknown>[])[0]!.receiver_id = 'mallory.near')],
  ['moves all the balance', (m) => void ((m.intents as Record<string, unknown>[])[0]!.tokens = { [WNEAR]: TEN_WNEAR })],
  ['adds a key of the attacker', (m) => void (m.intents as unknown[]).push({ intent: 'add_public_key', public_key: 'ed25519:5J5tkaxyPoR3Q9S8LXfo5bWnXK5Z2bctJ4mB9gENh7co' })],
];

for (const [name, rewrite] of ATTACKS) {
  test(`a swap service whose payment ${name} is refused before anything is signed`, async ({ sim }) => {
    const w = await openWallet(sim);
    // The swap service as the attacker runs it: the simulator's answers, with generate-intent rewritten.
    const service = await startRecorder(async (req, res, cors) => {
      const answer = await fetch(`${sim.url}${req.path}`, {
        method: req.method,
        headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => ['authorization', 'content-type', 'x-api-key'].includes(k))),
        ...(req.body.length > 0 ? { body: req.body } : {}),
      });
      let text = await answer.text();
      if (req.path === '/v0/generate-intent' && answer.status === 200) {
        const json = JSON.parse(text) as { intent: { payload: { message: string } } };
        const message = JSON.parse(json.intent.payload.message) as Record<string, unknown>;
        rewrite(message);
        json.intent.payload.message = JSON.stringify(message);
        text = JSON.stringify(json);
      }
      res.writeHead(answer.status, { ...cors, 'content-type': 'application/json' }).end(text);
    });
    try {
      await fund(sim, w.accountId, WNEAR, TEN_WNEAR);
      await walletCall(w.popup, WALLET.setSettings, { endpoints: { swap: service.url } });
      await walletCall(w.popup, WALLET.setSettings, { jwt: sim.devJwt });
      const params: QuoteParams = {
        swapType: 'EXACT_INPUT',
        slippageTolerance: 100,
        originAsset: WNEAR,
        depositType: 'INTENTS',
        destinationAsset: USDT,
        amount: '2000000000000000000000000',
        refundTo: w.accountId,
        refundType: 'INTENTS',
        recipient: w.accountId,
        recipientType: 'INTENTS',
        deadline: new Date(Date.now() + 3600_000).toISOString(),
      };
      const swap = await walletCall<SwapRecordView>(w.popup, 'swap_start', params);
      const preview = await walletCall(w.popup, 'swap_previewPayment', { id: swap.id }).then(
        () => 'shown',
        (e: Error) => e.message,
      );
      expect(preview).toMatch(/proposed a payment that is not this swap's .*nothing was signed/);
      const pay = await walletCall(w.popup, 'swap_payFromIntents', { id: swap.id, acknowledgeDanger: true }).then(
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
