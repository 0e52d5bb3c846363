/**
 * Plain words for an intent, with token symbols and decimals from the token list
 * ("Give 1 wNEAR", "Receive 2.5 USDT", "Withdraw 10 USDC to 0xab…cd on eth").
 */
import { formatUnits } from './amounts';
import type { Intent } from './intents';
import { type TokenTable, formatTokenAmount, shortAddress } from './tokens';

const WITHDRAW_TO = 'WITHDRAW_TO:';

function amountLines(entries: Record<string, string>, tokens: TokenTable, verb: (negative: boolean) => string): string[] {
  return Object.entries(entries).map(([tokenId, raw]) => {
    const n = BigInt(raw);
    const negative = n < 0n;
    return `${verb(negative)} ${formatTokenAmount(negative ? -n : n, tokenId, tokens)}`;
  });
}

/** One line per effect of the intent, in the order the user should read them. */
export function describeIntent(intent: Intent, tokens: TokenTable): string[] {
  switch (intent.intent) {
    case 'token_diff': {
      const entries = Object.entries(intent.diff).sort(([, a], [, b]) => (BigInt(a) < BigInt(b) ? -1 : 1));
      return amountLines(Object.fromEntries(entries), tokens, (neg) => (neg ? 'Give' : 'Receive'));
    }
    case 'transfer':
      return amountLines(intent.tokens, tokens, () => 'Send').map((l) => `${l} to ${intent.receiver_id}`);
    case 'ft_withdraw': {
      const tokenId = `nep141:${intent.token}`;
      const what = formatTokenAmount(BigInt(intent.amount), tokenId, tokens);
      const info = tokens.get(tokenId);
      // PoA bridge withdrawals name the destination address in the memo (`WITHDRAW_TO:<address>`).
      if (intent.memo?.startsWith(WITHDRAW_TO)) {
        const dest = intent.memo.slice(WITHDRAW_TO.length);
        return [`Withdraw ${what} to ${shortAddress(dest)} on ${info?.blockchain ?? 'its origin chain'}`];
      }
      return [`Withdraw ${what} to ${intent.receiver_id} on home`];
    }
    case 'nft_withdraw':
      return [`Withdraw NFT '${intent.token_id}' of ${intent.token} to ${intent.receiver_id}`];
    case 'mt_withdraw':
      return intent.token_ids.map(
        (id, i) => `Withdraw ${intent.amounts[i]} of token '${id}' (${intent.token}) to ${intent.receiver_id}`,
      );
    case 'native_withdraw':
      return [`Withdraw ${formatUnits(BigInt(intent.amount), 24)} NEAR (unwrapped) to ${intent.receiver_id}`];
    case 'storage_deposit': {
      const forAccount = intent.deposit_for_account_id ?? intent.account_id;
      return [
        `Pay ${formatUnits(BigInt(intent.amount), 24)} wNEAR for storage of ${forAccount} on ${intent.contract_id} (not refunded)`,
      ];
    }
    case 'add_public_key':
      return [`Add key ${shortAddress(intent.public_key)}: it can sign anything for this account`];
    case 'remove_public_key':
      return [`Remove key ${shortAddress(intent.public_key)} from this account`];
    case 'set_auth_by_predecessor_id':
      return [
        intent.enabled
          ? 'Allow this account to act by direct calls from its own ledger account'
          : 'Stop this account acting by direct calls from its own ledger account (only signed intents will work)',
      ];
    case 'auth_call': {
      const deposit = intent.attached_deposit ? ` with ${formatUnits(BigInt(intent.attached_deposit), 24)} wNEAR attached` : '';
      return [`Call contract ${intent.contract_id} on your behalf${deposit}`];
    }
  }
}
