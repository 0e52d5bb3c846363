/**
 * Plain words for an intent, with token symbols and decimals from the token list
 * ("Give 1 wNEAR", "Receive 2.5 USDT", "Withdraw 10 USDC to bob.near"), as phrases of the catalogue
 * (src/core/phrase.ts) that the page words in the person's language.
 * Every receiver, key and address is printed in full (a shortened address is what look-alike
 * addresses are made to match), and every page-supplied string goes through visibleText so hidden
 * characters show as escapes (docs/security.md, "What the window shows").
 */
import { formatUnits } from './amounts';
import { chainFacts } from './chains';
import type { Intent } from './intents';
import type { MessageKey, Subs } from './messages';
import { amountOf, type Phrase, phrase, type Sub } from './phrase';
import { type TokenTable, tokenAmountWords } from './tokens';
import { visibleText } from './visibleText';

const WITHDRAW_TO = 'WITHDRAW_TO:';

/** A line of plain words: only a message of DESCRIBE_KEYS, which a stored record is checked against. */
const plain = <K extends (typeof DESCRIBE_KEYS)[number]>(key: K, ...subs: Subs<K, Sub>): Phrase => phrase(key, ...subs);

function amountLines(
  entries: Record<string, string>,
  tokens: TokenTable,
  line: (what: Sub, negative: boolean) => Phrase,
): Phrase[] {
  return Object.entries(entries).map(([tokenId, raw]) => {
    const n = BigInt(raw);
    const negative = n < 0n;
    return line(tokenAmountWords(negative ? -n : n, tokenId, tokens), negative);
  });
}

/** The memo and msg lines an intent carries, escaped; nothing when absent. */
function extraLines(intent: { memo?: string | undefined; msg?: string | undefined }): Phrase[] {
  const msg = intent.msg;
  return [
    ...(intent.memo !== undefined ? [plain('describe_memo', visibleText(intent.memo))] : []),
    ...(msg !== undefined ? [msg === '' ? plain('describe_msgEmpty') : plain('describe_msg', visibleText(msg))] : []),
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
): Phrase[] {
  const tokenId = `nep141:${intent.token}`;
  const what = tokenAmountWords(BigInt(intent.amount), tokenId, tokens);
  if (intent.receiver_id === intent.token && intent.memo?.startsWith(WITHDRAW_TO)) {
    const dest = visibleText(intent.memo.slice(WITHDRAW_TO.length));
    const blockchain = tokens.get(tokenId)?.blockchain;
    return [
      blockchain
        ? plain('describe_withdrawBridge', what, dest, nameOf(blockchain), intent.token)
        : plain('describe_withdrawBridgeOrigin', what, dest, intent.token),
      ...extraLines({ msg: intent.msg }),
    ];
  }
  const own = intent.receiver_id === intent.token;
  return [
    plain(own ? 'describe_withdrawOwnContract' : 'describe_withdraw', what, intent.receiver_id),
    ...extraLines(intent),
  ];
}

/** One line per effect of the intent, in the order the user should read them. */
export function describeIntent(intent: Intent, tokens: TokenTable, nameOf: ChainNamer = mainnetName): Phrase[] {
  switch (intent.intent) {
    case 'token_diff': {
      const entries = Object.entries(intent.diff).sort(([, a], [, b]) => (BigInt(a) < BigInt(b) ? -1 : 1));
      return [
        ...amountLines(Object.fromEntries(entries), tokens, (what, neg) =>
          plain(neg ? 'describe_give' : 'describe_receive', what),
        ),
        ...extraLines(intent),
      ];
    }
    case 'transfer':
      return [
        ...amountLines(intent.tokens, tokens, (what) => plain('describe_send', what, intent.receiver_id)),
        ...extraLines(intent),
      ];
    case 'ft_withdraw':
      return ftWithdrawLines(intent, tokens, nameOf);
    case 'nft_withdraw':
      return [
        plain('describe_withdrawNft', visibleText(intent.token_id), intent.token, intent.receiver_id),
        ...extraLines(intent),
      ];
    case 'mt_withdraw':
      return [
        ...intent.token_ids.map((id, i) =>
          plain(
            'describe_withdraw',
            tokenAmountWords(BigInt(intent.amounts[i]!), `nep245:${intent.token}:${id}`, tokens),
            intent.receiver_id,
          ),
        ),
        ...extraLines(intent),
      ];
    case 'native_withdraw':
      return [plain('describe_withdrawNative', amountOf(formatUnits(BigInt(intent.amount), 24)), intent.receiver_id)];
    case 'storage_deposit': {
      // The schema lets exactly one of the two through (src/core/intents.ts).
      const forAccount = intent.deposit_for_account_id ?? intent.account_id ?? '';
      return [
        plain('describe_storage', amountOf(formatUnits(BigInt(intent.amount), 24)), forAccount, intent.contract_id),
      ];
    }
    case 'add_public_key':
      return [plain('describe_addKey', intent.public_key)];
    case 'remove_public_key':
      return [plain('describe_removeKey', intent.public_key)];
    case 'set_auth_by_predecessor_id':
      return [plain(intent.enabled ? 'describe_authOn' : 'describe_authOff')];
    case 'auth_call': {
      const call = intent.attached_deposit
        ? plain('describe_callDeposit', intent.contract_id, amountOf(formatUnits(BigInt(intent.attached_deposit), 24)))
        : plain('describe_call', intent.contract_id);
      return [call, ...extraLines({ msg: intent.msg })];
    }
  }
}

/**
 * Every message a line of plain words can be: a record kept in storage names one of these, and nothing else
 * (src/background/activity/published.ts checks it when it reads a record back). `describe_more` closes a list
 * shortened for storage; `describe_asRecorded` holds a line an older version stored as English text.
 */
export const DESCRIBE_KEYS = [
  'describe_give',
  'describe_receive',
  'describe_send',
  'describe_memo',
  'describe_msg',
  'describe_msgEmpty',
  'describe_withdrawBridge',
  'describe_withdrawBridgeOrigin',
  'describe_withdraw',
  'describe_withdrawOwnContract',
  'describe_withdrawNft',
  'describe_withdrawNative',
  'describe_storage',
  'describe_addKey',
  'describe_removeKey',
  'describe_authOn',
  'describe_authOff',
  'describe_call',
  'describe_callDeposit',
  'describe_more',
  'describe_asRecorded',
] as const satisfies readonly MessageKey[];
