/**
 * The contract's view methods as the ledger RPC calls them (docs/services.md, "The ledger RPC"): JSON args in,
 * JSON value out. Arguments that do not deserialize panic with near-sdk's message; a failing
 * simulate_intents panics with the verifier's message (only invariant violations come back in-band).
 */
import { z } from 'zod';
import { base64, isValidAccountId, isValidTokenId } from '../../core';
import { ERR, VerifierError } from './errors';
import type { VerifierLedger } from './ledger';
import { isSaltHex } from './salts';

const accountId = z.string().refine(isValidAccountId);
const tokenId = z.string().refine(isValidTokenId);
const nonce = z.string().refine((s) => {
  try {
    return base64.decode(s).length === 32;
  } catch {
    return false;
  }
});

type View = (ledger: VerifierLedger, args: unknown) => unknown;

function view<S extends z.ZodType>(schema: S, run: (ledger: VerifierLedger, args: z.output<S>) => unknown): View {
  return (ledger, args) => {
    const parsed = schema.safeParse(args);
    if (!parsed.success) throw new VerifierError(ERR.badArgs);
    return run(ledger, parsed.data);
  };
}

/** near-sdk does not read the input of a method without parameters. */
const noArgs = z.unknown();

export const VIEWS: Record<string, View> = {
  current_salt: view(noArgs, (l) => l.currentSalt()),
  is_valid_salt: view(z.looseObject({ salt: z.string().refine((s) => isSaltHex(s.toLowerCase())) }), (l, a) =>
    l.isValidSalt(a.salt),
  ),
  simulate_intents: view(z.looseObject({ signed: z.array(z.unknown()) }), (l, a) => {
    const { txHash: _none, ...output } = l.executeSigned(a.signed, { simulate: true });
    return output;
  }),
  public_keys_of: view(z.looseObject({ account_id: accountId }), (l, a) => l.publicKeysOf(a.account_id)),
  has_public_key: view(z.looseObject({ account_id: accountId, public_key: z.string() }), (l, a) =>
    l.hasPublicKey(a.account_id, a.public_key),
  ),
  mt_balance_of: view(z.looseObject({ account_id: accountId, token_id: tokenId }), (l, a) =>
    l.balanceOf(a.account_id, a.token_id).toString(),
  ),
  mt_batch_balance_of: view(z.looseObject({ account_id: accountId, token_ids: z.array(tokenId) }), (l, a) =>
    a.token_ids.map((t) => l.balanceOf(a.account_id, t).toString()),
  ),
  // NEP-245 enumeration as the verifier answers it (near/intents contracts/defuse/src/contract/tokens/nep245/
  // enumeration.rs): the tokens the account holds, from `from_index`, at most `limit`; `owner_id` is filled
  // for an NFT only.
  mt_tokens_for_owner: view(
    z.looseObject({
      account_id: accountId,
      from_index: z.optional(z.nullable(z.string().regex(/^\d+$/))),
      limit: z.optional(
        z.nullable(
          z
            .number()
            .int()
            .nonnegative()
            .max(2 ** 32 - 1),
        ),
      ),
    }),
    (l, a) =>
      Object.keys(l.balancesOf(a.account_id))
        .slice(Number(a.from_index ?? 0))
        .slice(0, a.limit ?? undefined)
        .map((tokenId) => ({ token_id: tokenId, owner_id: tokenId.startsWith('nep171:') ? a.account_id : null })),
  ),
  is_nonce_used: view(z.looseObject({ account_id: accountId, nonce }), (l, a) => l.isNonceUsed(a.account_id, a.nonce)),
  is_auth_by_predecessor_id_enabled: view(z.looseObject({ account_id: accountId }), (l, a) =>
    l.isAuthByPredecessorIdEnabled(a.account_id),
  ),
  fee: view(noArgs, (l) => l.feePips),
  fee_collector: view(noArgs, (l) => l.feeCollector),
};
