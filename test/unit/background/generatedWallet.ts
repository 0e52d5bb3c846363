// A new wallet with one generated ed25519 account, in a background started against the simulator: the
// starting point the signing tests share (the passkey one is ./passkeyWallet.ts).
import { type CreateResult, WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import type { RunningSimulator } from '../../../src/sim/server';
import { backgroundEnv, type Clock, call, PASSWORD, useSimulator } from './harness';

/** The background, its one account, that account's id and its key (the vault's first). */
export async function generatedWallet(sim: RunningSimulator, clock: Clock = { now: Date.now() }) {
  const bg = startBackground(backgroundEnv(clock));
  await useSimulator(bg, sim.url, sim.busApiKey);
  const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  const account = created.status.accounts[0]!;
  return { bg, account, accountId: account.accountId, own: account.publicKeys[0]! };
}
