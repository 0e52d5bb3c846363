/**
 * The simulated PoA bridge (docs/services.md, "Home: balances, receive, send, withdraw"): `POST /bridge-rpc`, JSON-RPC 2.0 as the live
 * `https://bridge.chaindefuser.com/rpc` speaks it (https://docs.near-intents.org/near-intents/market-makers/poa-bridge-api):
 * `deposit_address {account_id, chain}` → `{address, chain}`, one address per account and chain, the same
 * every time; `recent_deposits {account_id, chain}` → `{deposits: [...]}`. Its dev control
 * `POST /dev/bridge/deposit {address, assetId, amount, txHash?}` is a deposit seen on the chain: the bridge's
 * token is credited to the account on the ledger.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { Hono } from 'hono';
import { isValidAccountId, utf8 } from '../../core';
import { CHAINS } from '../../core/chains';
import { chainOfPoa, poaChainOf } from '../../core/poaBridge';
import { fail, idOf, invalidParams, ok, parseRequest, RpcFailure, type RpcResponse, singleParam } from '../bus/jsonrpc';
import type { SimContext, SimModule } from '../context';
import { restError } from '../http';
import { addressFromBytes, txHashFromBytes } from '../oneclick/addresses';
import { chainInfo } from '../oneclick/chains';
import type { LedgerPort } from '../oneclick/ledgerPort';
import { findToken } from '../tokenList';

export interface BridgeDeposit {
  tx_hash: string;
  chain: string;
  defuse_asset_identifier: string;
  decimals: number;
  amount: string;
  account_id: string;
  address: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED';
}

interface BridgeState {
  /** Every address handed out: whose it is and on which chain. */
  addresses: Record<string, { accountId: string; chain: string }>;
  deposits: BridgeDeposit[];
}

const text = (p: Record<string, unknown>, name: string): string => {
  const v = p[name];
  if (typeof v !== 'string' || v.length === 0) throw invalidParams(`${name} must be a non-empty string`);
  return v;
};

export function createBridgeModule(ctx: SimContext, ledger: LedgerPort): SimModule {
  const state = ctx.store.slice<BridgeState>('bridge', () => ({ addresses: {}, deposits: [] }));

  const accountAndChain = (p: Record<string, unknown>) => {
    const accountId = text(p, 'account_id');
    if (!isValidAccountId(accountId)) throw invalidParams('account_id is not a valid account id');
    const chain = text(p, 'chain');
    const ours = chainOfPoa(chain);
    if (!ours) throw invalidParams(`chain ${chain} is not supported`);
    return { accountId, chain, ours };
  };

  const methods: Record<string, (p: Record<string, unknown>) => unknown> = {
    deposit_address: (p) => {
      const { accountId, chain, ours } = accountAndChain(p);
      const family = CHAINS[ours].family;
      if (family === 'home') throw invalidParams(`chain ${chain} is not supported`);
      const h = sha256(utf8.encode(`${ctx.config.seed}/poa/${chain}/${accountId}`));
      const address = addressFromBytes(family, h);
      if (!state.addresses[address]) {
        state.addresses[address] = { accountId, chain };
        ctx.commit();
      }
      return { address, chain };
    },
    recent_deposits: (p) => {
      const { accountId, chain } = accountAndChain(p);
      const deposits = state.deposits.filter((d) => d.account_id === accountId && d.chain === chain);
      // The live answer carries the amount as a JSON number (the docs' example).
      return { deposits: deposits.reverse().map((d) => ({ ...d, amount: Number(d.amount) })) };
    },
  };

  const call = (value: unknown): RpcResponse => {
    try {
      const req = parseRequest(value);
      const method = methods[req.method];
      if (!method) return fail(req.id, -32601, `Method not found: ${req.method}`);
      return ok(req.id, method(singleParam(req.params)));
    } catch (e) {
      if (e instanceof RpcFailure) return fail(idOf(value), e.code, e.message);
      throw e;
    }
  };

  const routes = new Hono();
  routes.post('/bridge-rpc', async (c) => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json(fail(null, -32700, 'Parse error: the body is not valid JSON'));
    }
    return c.json(call(body));
  });

  routes.post('/dev/bridge/deposit', async (c) => {
    let body: Record<string, unknown>;
    try {
      body = (await c.req.json()) as Record<string, unknown>;
    } catch {
      return restError(c, 400, 'Body is not valid JSON');
    }
    const address = typeof body.address === 'string' ? body.address : '';
    const owner = state.addresses[address];
    if (!owner) return restError(c, 404, 'Deposit address not found');
    const assetId = typeof body.assetId === 'string' ? body.assetId : '';
    const token = findToken(assetId);
    const chain = token ? poaChainOf(token) : null;
    if (!token || chain !== owner.chain) return restError(c, 400, `assetId is not a bridge token of ${owner.chain}`);
    const amount = typeof body.amount === 'string' && /^[1-9]\d{0,38}$/.test(body.amount) ? body.amount : null;
    if (!amount) return restError(c, 400, 'amount must be a whole number of smallest units above zero');
    const shape = chainInfo(token.blockchain)?.txShape ?? 'hex';
    const txHash = typeof body.txHash === 'string' ? body.txHash : txHashFromBytes(shape, ctx.random(64));
    ledger.credit(owner.accountId, assetId, BigInt(amount));
    const deposit: BridgeDeposit = {
      tx_hash: txHash,
      chain: owner.chain,
      // `<type>:<id>:<address>` as the live bridge names assets (its docs); `native` for the chain's coin.
      defuse_asset_identifier: `${owner.chain}:${token.contractAddress ?? 'native'}`,
      decimals: token.decimals,
      amount,
      account_id: owner.accountId,
      address,
      status: 'COMPLETED',
    };
    state.deposits.push(deposit);
    ctx.commit();
    return c.json(deposit);
  });

  return { routes };
}
