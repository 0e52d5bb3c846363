// Address checks for the swap form, Send, Withdraw and contacts: is this text an address of that chain? Each
// check returns the problem in plain words (messages of the catalogue: what is checked, `addrSubject_*`, and
// what is wrong with it, `addrCheck_*`), or null. The shape first (prefix, alphabet, length), so the message can say
// what is wrong; then the address is decoded and its checksum verified (src/core/chainAddress.ts), so a
// mistyped character is caught here and not by the service or, worse, not at all.

import type { RecipientType, RefundType } from '../api/swapApi';
import { isValidAccountId } from '../core/account';
import {
  type AddressFamily,
  aptosRefusal,
  cardanoRefusal,
  cashAddrRefusal,
  isAddressOf,
  segwitRefusal,
  starknetRefusal,
  tonAddressRefusal,
} from '../core/chainAddress';
import type { MessageKey } from '../core/messages';
import { chainName, familyOf } from './chains';
import { t } from './i18n';

export { CHAIN_IDS, chainName, familyOf } from './chains';
export type { AddressFamily };

const B58 = '1-9A-HJ-NP-Za-km-z';
const B58_RE = new RegExp(`^[${B58}]+$`);
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const XRP_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

/** What a check names as its subject ("A Bitcoin address"): a message, so each language words it. */
export type AddressSubject = Extract<MessageKey, `addrSubject_${string}`>;

/** "<what> is N characters long", or "N–M", with the length it has. */
function lengthProblem(what: AddressSubject, text: string, minLen: number, maxLen: number): string | null {
  if (text.length >= minLen && text.length <= maxLen) return null;
  const has = String(text.length);
  return minLen === maxLen
    ? t('addrCheck_length', t(what), String(minLen), has)
    : t('addrCheck_lengthRange', t(what), String(minLen), String(maxLen), has);
}

function base58Problem(
  text: string,
  what: AddressSubject,
  starts: string,
  minLen: number,
  maxLen: number,
): string | null {
  if (!B58_RE.test(text)) return t('addrCheck_base58Alphabet', t(what));
  if (!starts.includes(text[0]!)) return t('addrCheck_startsWith', t(what), [...starts].join(', '));
  return lengthProblem(what, text, minLen, maxLen);
}

/** Bech32 / bech32m: one case, the prefix, '1', then the data alphabet. */
function bech32Problem(
  text: string,
  what: AddressSubject,
  hrp: string,
  minData: number,
  maxData: number,
): string | null {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return t('addrCheck_bech32Case', t(what));
  const lower = text.toLowerCase();
  if (!lower.startsWith(`${hrp}1`)) return t('addrCheck_startsWith', t(what), `${hrp}1`);
  const data = lower.slice(hrp.length + 1);
  if ([...data].some((ch) => !BECH32.includes(ch))) return t('addrCheck_bech32Char', t(what));
  if (data.length < minData || data.length > maxData) return t('addrCheck_bech32Length', t(what), String(text.length));
  return null;
}

function hexProblem(text: string, what: AddressSubject, minHex: number, maxHex: number): string | null {
  if (!text.startsWith('0x')) return t('addrCheck_startsWith', t(what), '0x');
  const body = text.slice(2);
  if (!/^[0-9a-fA-F]*$/.test(body)) return t('addrCheck_hexDigits', t(what));
  if (body.length < minHex || body.length > maxHex) {
    const has = String(body.length);
    return minHex === maxHex
      ? t('addrCheck_hexLength', t(what), String(minHex), has)
      : t('addrCheck_hexLengthRange', t(what), String(minHex), String(maxHex), has);
  }
  return null;
}

export function evmAddressProblem(text: string): string | null {
  return hexProblem(text, 'addrSubject_evm', 40, 40);
}

/** An account id on the home ledger (also what the intents system holds balances for). */
export function accountIdProblem(text: string, what: AddressSubject = 'addrSubject_accountId'): string | null {
  if (text !== text.toLowerCase()) return t('addrCheck_lowercase', t(what));
  if (text.length < 2 || text.length > 64) return t('addrCheck_accountLength', t(what));
  return isValidAccountId(text) ? null : t('addrCheck_accountChars', t(what));
}

/** The chain a checksum belongs to, by name (data: the same in every language). */
const CHECKSUM_CHAIN: Partial<Record<AddressFamily, string>> = {
  btc: 'Bitcoin',
  ltc: 'Litecoin',
  doge: 'Dogecoin',
  zec: 'Zcash',
  bch: 'Bitcoin Cash',
  dash: 'Dash',
  tron: 'Tron',
  ton: 'TON',
  xrp: 'XRP',
  stellar: 'Stellar',
  cardano: 'Cardano',
  aleo: 'Aleo',
};

/** What a failed checksum means for each family, in plain words. */
function checksumFailed(family: AddressFamily): string {
  switch (family) {
    case 'evm':
      return t('addrCheck_checksumEvm');
    case 'home':
      return t('addrCheck_notAccount');
    case 'sol':
      return t('addrCheck_solKey');
    case 'sui':
      return t('addrCheck_notOf', 'Sui');
    case 'aptos':
      return t('addrCheck_notOf', 'Aptos');
    case 'starknet':
      return t('addrCheck_notOf', 'Starknet');
    default:
      return t('addrCheck_checksum', CHECKSUM_CHAIN[family] ?? family);
  }
}

function familyProblem(family: AddressFamily, text: string): string | null {
  return shapeProblem(family, text) ?? (isAddressOf(family, text) ? null : checksumFailed(family));
}

/** The shape of an address of this family: prefix, alphabet and length, each said in words. */
function shapeProblem(family: AddressFamily, text: string): string | null {
  switch (family) {
    case 'evm':
      return evmAddressProblem(text);
    case 'home':
      return accountIdProblem(text);
    case 'btc':
      if (/^(tb1|bcrt1)/i.test(text)) return t('addrCheck_btcTestnet');
      if (segwitRefusal('btc', text)) return t('addrCheck_segwitVersion', 'Bitcoin');
      return /^bc1/i.test(text)
        ? bech32Problem(text, 'addrSubject_btcSegwit', 'bc', 39, 59)
        : base58Problem(text, 'addrSubject_btc', '13', 25, 35);
    case 'ltc':
      if (segwitRefusal('ltc', text)) return t('addrCheck_segwitVersion', 'Litecoin');
      return /^ltc1/i.test(text)
        ? bech32Problem(text, 'addrSubject_ltcSegwit', 'ltc', 39, 59)
        : base58Problem(text, 'addrSubject_ltc', 'LM3', 26, 35);
    case 'doge':
      return base58Problem(text, 'addrSubject_doge', 'DA9', 33, 34);
    case 'dash':
      return base58Problem(text, 'addrSubject_dash', 'X7', 34, 34);
    case 'zec':
      if (/^(zs|u1)/.test(text)) return t('addrCheck_zecShielded');
      // ZIP-320's TEX form of a t1 address: whether the route pays one is not known.
      if (/^tex1/i.test(text)) return t('addrCheck_zecTex');
      return (
        base58Problem(text, 'addrSubject_zec', 't', 35, 35) ?? (/^t[13]/.test(text) ? null : t('addrCheck_zecPrefix'))
      );
    case 'bch': {
      if (/^[13]/.test(text)) return base58Problem(text, 'addrSubject_bchLegacy', '13', 25, 35);
      if (cashAddrRefusal(text)) return t('addrCheck_bchKind');
      // CashAddr is written in one case, either (the specification); the checks below read it in lower case.
      const body = (text === text.toUpperCase() ? text.toLowerCase() : text).replace(/^bitcoincash:/, '');
      if (!/^[qp]/.test(body)) return t('addrCheck_bchPrefix');
      if ([...body].some((ch) => !BECH32.includes(ch))) return t('addrCheck_bchAlphabet');
      return body.length === 42 ? null : t('addrCheck_bchLength', String(body.length));
    }
    case 'sol':
      return base58Problem(
        text,
        'addrSubject_sol',
        '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz',
        32,
        44,
      );
    case 'tron':
      return base58Problem(text, 'addrSubject_tron', 'T', 34, 34);
    case 'ton': {
      if (/^-?\d+:/.test(text)) return /^(?:-1|0):[0-9a-fA-F]{64}$/.test(text) ? null : t('addrCheck_tonRaw');
      if (!/^[A-Za-z0-9+/_-]+$/.test(text)) return t('addrCheck_tonAlphabet');
      const refusal = tonAddressRefusal(text);
      if (refusal === 'testnet') return t('addrCheck_tonTestnet');
      if (refusal === 'workchain') return t('addrCheck_tonWorkchain');
      return lengthProblem('addrSubject_ton', text, 48, 48);
    }
    case 'xrp':
      if (text.startsWith('T')) return t('addrCheck_xrpTestnet');
      if (!text.startsWith('r') && !text.startsWith('X')) return t('addrCheck_xrpPrefix');
      if ([...text].some((ch) => !XRP_ALPHABET.includes(ch)))
        return t('addrCheck_base58Alphabet', t('addrSubject_xrp'));
      if (text.startsWith('X')) return lengthProblem('addrSubject_xAddress', text, 47, 47);
      return lengthProblem('addrSubject_xrp', text, 25, 35);
    case 'stellar':
      // A muxed M… address stands for an account and a memo id; no route carries a Stellar memo (core/destinationMemo).
      if (!text.startsWith('G'))
        return text.startsWith('M') ? t('addrCheck_stellarMuxed') : t('addrCheck_stellarPrefix');
      if (!/^[A-Z2-7]+$/.test(text)) return t('addrCheck_stellarAlphabet');
      return lengthProblem('addrSubject_stellar', text, 56, 56);
    case 'sui':
      return hexProblem(text, 'addrSubject_sui', 64, 64);
    case 'aptos':
      return (
        hexProblem(text, 'addrSubject_aptos', 1, 64) ??
        (aptosRefusal(text) ? t('addrCheck_aptosShort', String(text.length - 2)) : null)
      );
    case 'starknet':
      return (
        hexProblem(text, 'addrSubject_starknet', 1, 64) ?? (starknetRefusal(text) ? t('addrCheck_starknetBound') : null)
      );
    case 'cardano': {
      if (/^(Ae2|DdzFF)/.test(text)) return t('addrCheck_cardanoByron');
      if (/^ADDR1/.test(text)) return t('addrCheck_bech32Lower', t('addrSubject_cardano'));
      const refusal = cardanoRefusal(text);
      if (refusal === 'kind') return t('addrCheck_cardanoKind');
      if (refusal === 'network') return t('addrCheck_cardanoNetwork');
      return bech32Problem(text, 'addrSubject_cardano', 'addr', 53, 110);
    }
    case 'aleo':
      if (/^ALEO1/.test(text)) return t('addrCheck_bech32Lower', t('addrSubject_aleo'));
      return bech32Problem(text, 'addrSubject_aleo', 'aleo', 58, 58);
  }
}

/** Is `text` shaped like an address on `chain`? Unknown chains are left to the service. */
export function addressProblem(chain: string, text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return t('addrCheck_enter');
  if (trimmed !== text) return t('addrCheck_spacesAround');
  if (/\s/.test(trimmed)) return t('addrCheck_spacesInside');
  const family = familyOf(chain);
  return family ? familyProblem(family, trimmed) : null;
}

/** The recipient for its type: an account in the intents system, or an address on the destination chain. */
export function recipientProblem(type: RecipientType, destinationChain: string | null, text: string): string | null {
  if (type === 'INTENTS')
    return text.trim()
      ? text.trim() !== text
        ? t('addrCheck_spacesAroundAccount')
        : accountIdProblem(text, 'addrSubject_intentsAccount')
      : t('addrCheck_enterRecipientAccount');
  if (!destinationChain) return text.trim() ? null : t('addrCheck_enterRecipient');
  return text.trim()
    ? addressProblem(destinationChain, text)
    : t('addrCheck_enterRecipientOn', chainName(destinationChain));
}

/** The refund address for its type: an intents account, or an address on the origin chain. */
export function refundProblem(type: RefundType, originChain: string | null, text: string): string | null {
  if (type === 'INTENTS')
    return text.trim()
      ? text.trim() !== text
        ? t('addrCheck_spacesAroundAccount')
        : accountIdProblem(text, 'addrSubject_intentsAccount')
      : t('addrCheck_enterRefundAccount');
  if (!originChain) return text.trim() ? null : t('addrCheck_enterRefund');
  return text.trim() ? addressProblem(originChain, text) : t('addrCheck_enterRefundOn', chainName(originChain));
}
