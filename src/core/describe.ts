/**
 * Plain words for an intent, with token symbols and decimals from the token list
 * ("Give 1 wNEAR", "Receive 2.5 USDT", "Withdraw 10 USDC to bob.near").
 * Every receiver, key and address is printed in full (a shortened address is what look-alike
 * addresses are made to match), and every page-supplied string goes through visibleText so hidden
 * characters show as escapes (docs/security.md, "What the window shows").
 */
import { formatUnits } from './amounts';
import { chainFacts } from './chains';
import type { Intent } from './intents';
import { formatTokenAmount, type TokenTable } from './tokens';
import { visibleText } from './visibleText';

const WITHDRAW_TO = 'WITHDRAW_TO:';

function amountLines(
  entries: Record<string, string>,
  tokens: TokenTable,
  verb: (negative: boolean) => string,
): string[] {
  return Object.entries(entries).map(([tokenId, raw]) => {
    const n = BigInt(raw);
    const negative = n < 0n;
    return `${verb(negative)} ${formatTokenAmount(negative ? -n : n, tokenId, tokens)}`;
  });
}

/** The memo and msg lines an intent carries, escaped; nothing when absent. */
function extraLines(intent: { memo?: string | undefined; msg?: string | undefined }): string[] {
  return [
    ...(intent.memo !== undefined ? [`memo: ${visibleText(intent.memo)}`] : []),
    ...(intent.msg !== undefined ? [`msg: ${intent.msg === '' ? '(empty)' : visibleText(intent.msg)}`] : []),
  ];
}

/**
 * PoA bridge withdrawals (receiver_id is the token's own contract) name the destination on the
 * other chain in the memo: only then is the memo the destination. Anywhere else the tokens go to
 * receiver_id, whatever a memo says.
 */
/** A chain's name as the reader's network says it (Mainnet's by default: src/core/chains.ts chainNameOn). */
export type ChainNamer = (chain: string) => string;
const mainnetName: ChainNamer = (chain) => chainFacts(chain)?.name ?? chain;

function ftWithdrawLines(
  intent: Extract<Intent, { intent: 'ft_withdraw' }>,
  tokens: TokenTable,
  nameOf: ChainNamer,
): string[] {
  const tokenId = `nep141:${intent.token}`;
  const what = formatTokenAmount(BigInt(intent.amount), tokenId, tokens);
  if (intent.receiver_id === intent.token && intent.memo?.startsWith(WITHDRAW_TO)) {
    const dest = visibleText(intent.memo.slice(WITHDRAW_TO.length));
    const blockchain = tokens.get(tokenId)?.blockchain;
    const chain = blockchain ? nameOf(blockchain) : 'its origin chain';
    return [
      `Withdraw ${what} to ${dest} on ${chain} (through the bridge ${intent.token})`,
      ...extraLines({ msg: intent.msg }),
    ];
  }
  const own = intent.receiver_id === intent.token ? " (the token's own contract)" : '';
  return [`Withdraw ${what} to ${intent.receiver_id}${own}`, ...extraLines(intent)];
}

/** One line per effect of the intent, in the order the user should read them. */
export function describeIntent(intent: Intent, tokens: TokenTable, nameOf: ChainNamer = mainnetName): string[] {
  switch (intent.intent) {
    case 'token_diff': {
      const entries = Object.entries(intent.diff).sort(([, a], [, b]) => (BigInt(a) < BigInt(b) ? -1 : 1));
      return [
        ...amountLines(Object.fromEntries(entries), tokens, (neg) => (neg ? 'Give' : 'Receive')),
        ...extraLines(intent),
      ];
    }
    case 'transfer':
      return [
        ...amountLines(intent.tokens, tokens, () => 'Send').map((l) => `${l} to ${intent.receiver_id}`),
        ...extraLines(intent),
      ];
    case 'ft_withdraw':
      return ftWithdrawLines(intent, tokens, nameOf);
    case 'nft_withdraw':
      return [
        `Withdraw NFT '${visibleText(intent.token_id)}' of ${intent.token} to ${intent.receiver_id}`,
        ...extraLines(intent),
      ];
    case 'mt_withdraw':
      return [
        ...intent.token_ids.map(
          (id, i) =>
            `Withdraw ${formatTokenAmount(BigInt(intent.amounts[i]!), `nep245:${intent.token}:${id}`, tokens)} to ${intent.receiver_id}`,
        ),
        ...extraLines(intent),
      ];
    case 'native_withdraw':
      return [`Withdraw ${formatUnits(BigInt(intent.amount), 24)} NEAR (unwrapped) to ${intent.receiver_id}`];
    case 'storage_deposit': {
      const forAccount = intent.deposit_for_account_id ?? intent.account_id;
      return [
        `Pay ${formatUnits(BigInt(intent.amount), 24)} wNEAR for storage of ${forAccount} on ${intent.contract_id} (not refunded)`,
      ];
    }
    case 'add_public_key':
      return [`Add key ${intent.public_key}: it can sign anything for this account`];
    case 'remove_public_key':
      return [`Remove key ${intent.public_key} from this account`];
    case 'set_auth_by_predecessor_id':
      return [
        intent.enabled
          ? 'Allow this account to act by direct calls from its own ledger account'
          : 'Stop this account acting by direct calls from its own ledger account (only signed intents will work)',
      ];
    case 'auth_call': {
      const deposit = intent.attached_deposit
        ? ` with ${formatUnits(BigInt(intent.attached_deposit), 24)} wNEAR attached`
        : '';
      return [`Call contract ${intent.contract_id} on your behalf${deposit}`, ...extraLines({ msg: intent.msg })];
    }
  }
}
