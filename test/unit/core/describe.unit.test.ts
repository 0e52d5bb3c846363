import { describe, expect, it } from 'vitest';
import { describeIntent } from '../../../src/core';
import { said } from '../../../src/ui/phrase';
import { PK, payload, SWAP, TOKENS, USDC_BRIDGE } from './riskFixtures';

// In English (test/support/englishMessages.ts), as a page words them.
const lines = (intent: unknown) => describeIntent(payload([intent]).intents[0]!, TOKENS).map(said);
const USER_ETH = '0xab5801a7d398351b8be11c439e05c5b3259aeccd';

describe('describeIntent', () => {
  it('words a multi-token withdrawal with the token’s decimals and symbol when the wallet knows them', () => {
    const mt = 'nep245:v2_1.omni.hot.tg:56_11111111111111111111';
    const table = new Map([...TOKENS, [mt, { assetId: mt, symbol: 'USDT', decimals: 6, blockchain: 'bsc' }]]);
    const intent = {
      intent: 'mt_withdraw',
      token: 'v2_1.omni.hot.tg',
      receiver_id: 'bob.near',
      token_ids: ['56_11111111111111111111'],
      amounts: ['1500000'],
    };
    expect(describeIntent(payload([intent]).intents[0]!, table).map(said)).toEqual(['Withdraw 1.5 USDT to bob.near']);
  });

  it('gives then receives, with symbols and decimals', () => {
    expect(lines(SWAP)).toEqual(['Give 0.000000000000000001 wNEAR', 'Receive 2.5 USDT']);
  });

  it('shows a bridge withdrawal’s WITHDRAW_TO memo as the destination, in full, when the receiver is the token contract', () => {
    const intent = {
      intent: 'ft_withdraw',
      token: USDC_BRIDGE,
      receiver_id: USDC_BRIDGE,
      amount: '10000000',
      memo: `WITHDRAW_TO:${USER_ETH}`,
    };
    expect(lines(intent)).toEqual([`Withdraw 10 USDC to ${USER_ETH} on Ethereum (through the bridge ${USDC_BRIDGE})`]);
  });

  it('names the real receiver, never the memo, when the receiver is another account', () => {
    const intent = {
      intent: 'ft_withdraw',
      token: USDC_BRIDGE,
      receiver_id: 'attacker.near',
      amount: '10000000',
      memo: `WITHDRAW_TO:${USER_ETH}`,
    };
    const text = lines(intent);
    expect(text).toEqual(['Withdraw 10 USDC to attacker.near', `memo: WITHDRAW_TO:${USER_ETH}`]);
    expect(text[0]).not.toContain(USER_ETH);
  });

  it('prints a long receiver in full (no 6…4 shortening)', () => {
    const implicit = 'a'.repeat(64);
    expect(lines({ intent: 'transfer', receiver_id: implicit, tokens: { 'nep141:wrap.near': '1' } })).toEqual([
      `Send 0.000000000000000000000001 wNEAR to ${implicit}`,
    ]);
    expect(
      lines({ intent: 'ft_withdraw', token: 'usdt.tether-token.near', receiver_id: implicit, amount: '1000000' }),
    ).toEqual([`Withdraw 1 USDT to ${implicit}`]);
  });

  it('says when a withdrawal without a bridge memo goes to the token’s own contract', () => {
    expect(
      lines({ intent: 'ft_withdraw', token: 'usdc.near', receiver_id: 'usdc.near', amount: '1', memo: 'x' }),
    ).toEqual(["Withdraw 1 units of nep141:usdc.near to usdc.near (the token's own contract)", 'memo: x']);
  });

  it('shows memo and msg on lines of their own, with hidden characters escaped', () => {
    expect(
      lines({
        intent: 'transfer',
        receiver_id: 'bob.near',
        tokens: { 'nep141:wrap.near': '1' },
        memo: 'pay \u202Eevil',
        msg: '{"a":"\u200B"}',
      }),
    ).toEqual(['Send 0.000000000000000000000001 wNEAR to bob.near', 'memo: pay \\u202Eevil', 'msg: {"a":"\\u200B"}']);
    expect(
      lines({
        intent: 'ft_withdraw',
        token: USDC_BRIDGE,
        receiver_id: USDC_BRIDGE,
        amount: '1',
        memo: 'WITHDRAW_TO:0x\u2066ab',
      })[0],
    ).toContain('to 0x\\u2066ab on Ethereum');
  });

  it('escapes hidden characters in page-chosen token ids', () => {
    expect(lines({ intent: 'nft_withdraw', token: 'nft.near', receiver_id: 'bob.near', token_id: 'a\uFEFFb' })).toEqual(
      ["Withdraw NFT 'a\\uFEFFb' of nft.near to bob.near"],
    );
    expect(lines({ intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep245:mt.near:x\u202E': '7' } })).toEqual([
      'Send 7 units of nep245:mt.near:x\\u202E to bob.near',
    ]);
  });

  it('gives an unknown token’s units as a phrase of their own, for the page to word in its language', () => {
    const intent = { intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:unknown.near': '7' } };
    expect(describeIntent(payload([intent]).intents[0]!, TOKENS)).toEqual([
      { key: 'describe_send', subs: [{ key: 'amount_unitsOf', subs: ['7', 'nep141:unknown.near'] }, 'bob.near'] },
    ]);
  });

  it('falls back to raw units for unknown tokens and covers every type', () => {
    expect(lines({ intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:unknown.near': '7' } })).toEqual([
      'Send 7 units of nep141:unknown.near to bob.near',
    ]);
    expect(lines({ intent: 'native_withdraw', receiver_id: 'bob.near', amount: '1500000000000000000000000' })).toEqual([
      'Withdraw 1.5 NEAR (unwrapped) to bob.near',
    ]);
    expect(
      lines({ intent: 'auth_call', contract_id: 'app.near', msg: 'hi', attached_deposit: '1000000000000000000000000' }),
    ).toEqual(['Call contract app.near on your behalf with 1 wNEAR attached', 'msg: hi']);
  });

  it.each([
    [
      { intent: 'nft_withdraw', token: 'nft.near', receiver_id: 'bob.near', token_id: '42' },
      ["Withdraw NFT '42' of nft.near to bob.near"],
    ],
    [
      { intent: 'mt_withdraw', token: 'mt.near', receiver_id: 'bob.near', token_ids: ['a'], amounts: ['3'] },
      ['Withdraw 3 units of nep245:mt.near:a to bob.near'],
    ],
    [
      { intent: 'ft_withdraw', token: 'usdt.tether-token.near', receiver_id: 'bob.near', amount: '1000000' },
      ['Withdraw 1 USDT to bob.near'],
    ],
    [
      {
        intent: 'storage_deposit',
        contract_id: 'usdc.near',
        deposit_for_account_id: 'bob.near',
        amount: '1250000000000000000000',
      },
      ['Pay 0.00125 wNEAR for storage of bob.near on usdc.near (not refunded)'],
    ],
    [{ intent: 'add_public_key', public_key: PK }, [`Add key ${PK}: it can sign anything for this account`]],
    [{ intent: 'remove_public_key', public_key: PK }, [`Remove key ${PK} from this account`]],
    [
      { intent: 'set_auth_by_predecessor_id', enabled: true },
      ['Allow this account to act by direct calls from its own ledger account'],
    ],
    [
      { intent: 'auth_call', contract_id: 'app.near', msg: '' },
      ['Call contract app.near on your behalf', 'msg: (empty)'],
    ],
  ])('%j', (intent, text) => {
    expect(lines(intent)).toEqual(text);
  });

  it('puts what is given before what is received, whatever order the request wrote them in', () => {
    const diff = { 'nep141:usdt.tether-token.near': '2500000', 'nep141:wrap.near': '-1000000' };
    expect(lines({ intent: 'token_diff', diff })).toEqual(['Give 0.000000000000000001 wNEAR', 'Receive 2.5 USDT']);
    // Equal amounts keep the request's order.
    const even = { 'nep141:usdt.tether-token.near': '5', 'nep141:unknown.near': '5' };
    expect(lines({ intent: 'token_diff', diff: even })).toEqual([
      'Receive 0.000005 USDT',
      'Receive 5 units of nep141:unknown.near',
    ]);
  });

  it('a bridge withdrawal of a token the wallet does not know goes to its origin chain; its msg is shown', () => {
    const bridge = 'sol-abc.omft.near';
    expect(
      lines({
        intent: 'ft_withdraw',
        token: bridge,
        receiver_id: bridge,
        amount: '3',
        memo: 'WITHDRAW_TO:Dest1',
        msg: '',
      }),
    ).toEqual([
      `Withdraw 3 units of nep141:${bridge} to Dest1 on its origin chain (through the bridge ${bridge})`,
      'msg: (empty)',
    ]);
  });

  it('names a chain the wallet has no name for by its id', () => {
    const id = `nep141:${USDC_BRIDGE}`;
    const table = new Map([...TOKENS, [id, { assetId: id, symbol: 'USDC', decimals: 6, blockchain: 'newchain' }]]);
    const intent = {
      intent: 'ft_withdraw',
      token: USDC_BRIDGE,
      receiver_id: USDC_BRIDGE,
      amount: '1000000',
      memo: 'WITHDRAW_TO:d',
    };
    expect(describeIntent(payload([intent]).intents[0]!, table).map(said)).toEqual([
      `Withdraw 1 USDC to d on newchain (through the bridge ${USDC_BRIDGE})`,
    ]);
  });

  it('a withdrawal to the token’s own contract without a memo, and switching direct calls off', () => {
    expect(lines({ intent: 'ft_withdraw', token: 'usdc.near', receiver_id: 'usdc.near', amount: '1' })).toEqual([
      "Withdraw 1 units of nep141:usdc.near to usdc.near (the token's own contract)",
    ]);
    expect(lines({ intent: 'set_auth_by_predecessor_id', enabled: false })).toEqual([
      'Stop this account acting by direct calls from its own ledger account (only signed intents will work)',
    ]);
  });
});
