/**
 * The PoA bridge's JSON-RPC (docs/services.md, "Home: balances, receive, send, withdraw"; https://docs.near-intents.org/near-intents/market-makers/poa-bridge-api):
 * the reusable deposit address of an intents account on a chain, and the account's recent deposits there.
 * Nothing in an answer is believed before it is checked: the address must be one of the chain's and
 * the chain the one asked.
 */
import * as z from 'zod/mini';
import type { HttpDeps } from '../core';
import { isAddressOf } from '../core/chainAddress';
import { CHAINS } from '../core/chains';
import { chainOfPoa } from '../core/poaBridge';
import { callJsonRpc, RpcError } from './jsonRpc';

const addressSchema = z.lazy(() => z.object({ address: z.string().check(z.maxLength(200)), chain: z.string() }));

const depositSchema = z.lazy(() =>
  z.object({
    tx_hash: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
    chain: z.string(),
    defuse_asset_identifier: z.string().check(z.maxLength(300)),
    decimals: z.int().check(z.minimum(0), z.maximum(40)),
    // A JSON number in the docs' example; a string is taken too.
    amount: z.union([z.number().check(z.minimum(0)), z.string().check(z.regex(/^\d{1,40}$/))]),
    address: z.string().check(z.maxLength(200)),
    status: z.string().check(z.maxLength(40)),
  }),
);
const depositsSchema = z.lazy(() => z.object({ deposits: z.array(depositSchema).check(z.maxLength(500)) }));

export interface BridgeDepositView {
  txHash: string | null;
  /** The bridge's identifier of the token on its chain (`<type>:<id>:<address>`). */
  asset: string;
  decimals: number;
  /** Smallest units. */
  amount: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'OTHER';
}

export class BridgeClient {
  constructor(private readonly o: { url: string; deps: HttpDeps }) {}

  private async call(method: string, params: Record<string, unknown>): Promise<unknown> {
    const answer = await callJsonRpc(this.o.deps, this.o.url, method, [params]);
    if ('error' in answer) throw new RpcError(answer.error.code, answer.error.message, answer.error.data);
    return answer.result;
  }

  /** The account's deposit address on `chain` (a bridge chain name, core/poaBridge.ts). */
  async depositAddress(accountId: string, chain: string): Promise<string> {
    const ours = chainOfPoa(chain);
    if (!ours) throw new Error(`The bridge does not serve ${chain}`);
    const parsed = addressSchema.safeParse(await this.call('deposit_address', { account_id: accountId, chain }));
    if (!parsed.success) throw new RpcError(-32603, 'The bridge answered deposit_address in an unknown shape');
    const { address } = parsed.data;
    if (parsed.data.chain !== chain)
      throw new RpcError(-32603, `The bridge answered for ${parsed.data.chain}, not ${chain}`);
    if (!isAddressOf(CHAINS[ours].family, address))
      throw new RpcError(-32603, `The bridge's address is not a ${CHAINS[ours].name} address`);
    return address;
  }

  /** The account's recent deposits on `chain`, those to `address` only. */
  async recentDeposits(accountId: string, chain: string, address: string): Promise<BridgeDepositView[]> {
    const parsed = depositsSchema.safeParse(await this.call('recent_deposits', { account_id: accountId, chain }));
    if (!parsed.success) throw new RpcError(-32603, 'The bridge answered recent_deposits in an unknown shape');
    return parsed.data.deposits
      .filter((d) => d.chain === chain && d.address === address)
      .map((d) => ({
        txHash: d.tx_hash || null,
        asset: d.defuse_asset_identifier,
        decimals: d.decimals,
        amount: typeof d.amount === 'number' ? BigInt(Math.trunc(d.amount)).toString() : d.amount,
        status: d.status === 'COMPLETED' || d.status === 'PENDING' || d.status === 'FAILED' ? d.status : 'OTHER',
      }));
  }
}
