// A restored phrase brings back the accounts it made (src/background/wallet/phraseAccounts.ts): after
// wallet_create from the phrase, each next account the verifier knows (a token held, a key added) is added in
// order, up to the first it does not know; a verifier that cannot be asked leaves the restore as it was and
// says so. Against the simulator's verifier, whose mt_tokens_for_owner answers as the contract's does.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type CreateResult, WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { PhraseAccounts } from '../../../src/background/wallet/phraseAccounts';
import { memoryVaultStorage } from '../../../src/vault';
import { fund as fundOn, ledgerAnswer } from '../sim/harness';
import { backgroundEnv, call, ONE_NEAR, PASSWORD, simulatorWithClock, USDC, useSimulator, WNEAR } from './harness';

const { sim, clock } = simulatorWithClock();
beforeEach(() => fakeBrowser.reset());

/** A wallet from a new phrase with `count` accounts; its words and the accounts in order. */
async function phraseWallet(count: number) {
  const bg = startBackground(backgroundEnv(clock, memoryVaultStorage()));
  await useSimulator(bg, sim.url, sim.busApiKey);
  const created = await call<CreateResult>(bg, WALLET.create, {
    password: PASSWORD,
    source: { kind: 'newPhrase', words: 12 },
  });
  let accounts = created.status.accounts.map((a) => a.accountId);
  for (let i = 1; i < count; i += 1)
    accounts = (await call<CreateResult>(bg, WALLET.addAccount, { source: { kind: 'derive' } })).status.accounts.map(
      (a) => a.accountId,
    );
  return { phrase: created.phrase!.words.join(' '), accounts };
}

/** The phrase restored in a new background (another device); the result of wallet_create. */
async function restore(phrase: string, point = true) {
  fakeBrowser.reset();
  const bg = startBackground(backgroundEnv(clock, memoryVaultStorage()));
  if (point) await useSimulator(bg, sim.url, sim.busApiKey);
  else
    await call(bg, WALLET.setSettings, {
      endpoints: { ledgerRpc: 'http://127.0.0.1:9/' },
      ledgerRpcFallbacks: [],
    });
  const made = await call<CreateResult>(bg, WALLET.create, {
    password: PASSWORD,
    source: { kind: 'importPhrase', phrase },
  });
  return { bg, made };
}

describe('restoring a phrase finds the accounts it made', () => {
  it('adds each next account that holds a token, in order, and stops at the first the verifier does not know', async () => {
    const { phrase, accounts } = await phraseWallet(4);
    await fundOn(sim, accounts[1]!, WNEAR, ONE_NEAR);
    await fundOn(sim, accounts[2]!, USDC, 5_000_000n);
    // accounts[3] was made but never used: a restore does not bring it (the person adds it, it comes back the same).
    const { bg, made } = await restore(phrase);
    expect(made.found).toEqual({ accounts: 2, checked: true });
    expect(made.status.accounts.map((a) => a.accountId)).toEqual(accounts.slice(0, 3));
    expect(made.status.selectedAccountId).toBe(accounts[0]);
    const next = await call<CreateResult>(bg, WALLET.addAccount, { source: { kind: 'derive' } });
    expect(next.status.accounts.map((a) => a.accountId)).toEqual(accounts);
  });

  it('stops at a gap: an unused second account hides a funded third', async () => {
    const { phrase, accounts } = await phraseWallet(3);
    await fundOn(sim, accounts[2]!, WNEAR, ONE_NEAR);
    const { made } = await restore(phrase);
    expect(made.found).toEqual({ accounts: 0, checked: true });
    expect(made.status.accounts.map((a) => a.accountId)).toEqual(accounts.slice(0, 1));
  });

  it('a verifier that cannot be asked: the restore is made, with the first account, and says it could not look', async () => {
    const { phrase, accounts } = await phraseWallet(2);
    await fundOn(sim, accounts[1]!, WNEAR, ONE_NEAR);
    const { made } = await restore(phrase, false);
    expect(made.found).toEqual({ accounts: 0, checked: false });
    expect(made.status.accounts.map((a) => a.accountId)).toEqual(accounts.slice(0, 1));
  });

  it('another kind of wallet (a new phrase, a key) is not searched', async () => {
    const bg = startBackground(backgroundEnv(clock, memoryVaultStorage()));
    await useSimulator(bg, sim.url, sim.busApiKey);
    const made = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    expect(made.found).toBeUndefined();
  });

  it('an account a key was added to counts as known, tokens or not', async () => {
    const publicKey = 'ed25519:6E8sCci9badyRkXb3JoRpBj5p8C6Tw41ELDZoiihKEtp';
    const other = 'ed25519:3tysLvy7KGoE8pznUgXvSHa4vYyGvrDZFcT8jgb8PEQ6';
    const found = new PhraseAccounts({
      wallet: {
        vault: { previewDerived: async () => ({ accountId: 'a'.repeat(64), publicKey }) } as never,
        addAccount: async () => ({ status: { accounts: [{ accountId: 'a'.repeat(64) }] } }) as never,
      },
      ledger: async () => ({
        mtTokensForOwner: async () => [],
        publicKeysOf: async () => [publicKey, other],
      }),
    });
    // Every next account "knows" a key here, so the search ends at its bound, unfinished.
    expect(await found.find()).toEqual({ accounts: 20, checked: false });
  });
});

/** The simulator verifier's mt_tokens_for_owner answer for `args`. */
async function tokensFor(args: Record<string, unknown>): Promise<{ token_id: string; owner_id: unknown }[]> {
  const answer = await ledgerAnswer<{ token_id: string; owner_id: unknown }[]>(sim, 'mt_tokens_for_owner', args);
  if (answer.error !== undefined || answer.value === undefined) throw new Error(`the view refused: ${answer.error}`);
  return answer.value;
}

describe("the simulator's mt_tokens_for_owner, as the contract's", () => {
  it('lists the tokens held, from from_index, at most limit; an account never seen holds none', async () => {
    const owner = 'b'.repeat(64);
    await fundOn(sim, owner, WNEAR, ONE_NEAR);
    await fundOn(sim, owner, USDC, 1n);
    const all = await tokensFor({ account_id: owner });
    expect(all.map((t) => t.token_id).sort()).toEqual([USDC, WNEAR].sort());
    expect(all.every((t) => t.owner_id === null)).toBe(true);
    expect(await tokensFor({ account_id: owner, limit: 1 })).toHaveLength(1);
    expect(await tokensFor({ account_id: owner, from_index: '1' })).toHaveLength(1);
    expect(await tokensFor({ account_id: 'c'.repeat(64) })).toEqual([]);
  });
});
