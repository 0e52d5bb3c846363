// A dApp written only against the kit (src/kit) and docs/dapps.md: the page script the kit e2e test
// serves (compiled by TypeScript as the test server starts). It finds the wallet, connects, signs in with
// the server's challenge, asks the server for a quote, publishes the swap and waits for SETTLED; each
// step's outcome goes into `window.dapp` for the test to read.
import { type Account, discover, type IntentStatus, IntentsKitError, type Network } from '@intents-companion/dapp-kit';

interface Offer {
  quote_hash: string;
  amount_in: string;
  amount_out: string;
  defuse_asset_identifier_in: string;
  defuse_asset_identifier_out: string;
}

export interface DappOutcome {
  found?: boolean;
  account?: Account;
  network?: Network;
  signedIn?: { accountId: string } | { error: string };
  intentHash?: string;
  statuses: IntentStatus['status'][];
  final?: IntentStatus;
  networkEvents: Network[];
  error?: { code: number; message: string };
}

const out: DappOutcome = { statuses: [], networkEvents: [] };
(window as unknown as { dapp: DappOutcome }).dapp = out;

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

async function run(): Promise<void> {
  const wallet = await discover({ timeoutMs: 2000 });
  out.found = wallet !== null;
  if (!wallet) return;
  wallet.on('networkChanged', (n) => out.networkEvents.push(n));
  const [account] = await wallet.connect();
  if (!account) return;
  out.account = account;
  out.network = await wallet.network();

  // Sign in: the server issues the challenge and checks the answer (verifySignIn).
  const challenge = await post<{ message: string; nonce: string; recipient: string }>('/challenge', {});
  const response = await wallet.signMessage({ ...challenge, accountId: account.accountId });
  out.signedIn = await post('/signin', { response, nonce: challenge.nonce, verifierId: out.network.verifierId });

  // A quote from the server (it holds the bus key), published with the swap it prices.
  const offer = await post<Offer>('/quote', {});
  const published = await wallet.publishIntents({
    signerId: account.accountId,
    intents: [
      {
        intent: 'token_diff',
        diff: {
          [offer.defuse_asset_identifier_in]: `-${offer.amount_in}`,
          [offer.defuse_asset_identifier_out]: offer.amount_out,
        },
      },
    ],
    quoteHashes: [offer.quote_hash],
  });
  out.intentHash = published.intentHash;
  out.final = await wallet.waitForIntent(published.intentHash, {
    intervalMs: 100,
    timeoutMs: 20_000,
    onStatus: (s) => out.statuses.at(-1) !== s.status && out.statuses.push(s.status),
  });
}

run().catch((e: unknown) => {
  const err = IntentsKitError.from(e);
  out.error = { code: err.code, message: err.message };
});
