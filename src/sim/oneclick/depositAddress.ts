/**
 * Deposit addresses, derived from the quote's timestamp and correlation id (and the simulator's
 * seed, so restarts agree): shaped for the origin chain, an implicit account of a key the simulator
 * holds for the home ledger and for `depositType: INTENTS`, and one shared address plus a numeric
 * memo per quote in MEMO mode.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { hex, utf8 } from '../../core';
import type { SimContext } from '../context';
import { addressFromBytes } from './addresses';
import type { ChainInfo } from './chains';

export interface DepositTarget {
  depositAddress: string;
  depositMemo?: string;
}

export function deriveDepositTarget(
  ctx: SimContext,
  chain: ChainInfo,
  intents: boolean,
  mode: 'SIMPLE' | 'MEMO',
  timestamp: string,
  correlationId: string,
  taken: (address: string, memo: string | undefined) => boolean,
): DepositTarget {
  for (let attempt = 0; ; attempt++) {
    const label = `deposit/${intents ? 'intents' : chain.id}/${timestamp}/${correlationId}/${attempt}`;
    const h = sha256(utf8.encode(`${ctx.config.seed}/${label}`));
    let target: DepositTarget;
    if (intents || chain.family === 'home') {
      target = { depositAddress: hex.encode(ctx.deriveKey(label).publicKey) };
    } else if (mode === 'MEMO') {
      const shared = sha256(utf8.encode([ctx.config.seed, 'deposit-shared', chain.id].join('/')));
      const n = new DataView(h.buffer, h.byteOffset, 8).getUint32(0) % 999_000_000;
      target = {
        depositAddress: addressFromBytes(chain.family as Exclude<typeof chain.family, 'home'>, shared),
        depositMemo: String(1_000_000 + n),
      };
    } else {
      target = { depositAddress: addressFromBytes(chain.family as Exclude<typeof chain.family, 'home'>, h) };
    }
    if (!taken(target.depositAddress, target.depositMemo)) return target;
  }
}
