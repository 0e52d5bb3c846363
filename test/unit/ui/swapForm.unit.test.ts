// The swap form as data (src/ui/swapForm.ts): defaults per chain, checks with reasons, and the quote
// request it builds (src/ui/swapRequest.ts) (amounts in smallest units from decimal text, never floats).
import { describe, expect, it } from 'vitest';
import type { TokenView } from '../../../src/api/swapApi';
import {
  bpsToPercent,
  defaultDeadlineMinutes,
  depositModesFor,
  emptyForm,
  fitDepositMode,
  percentToBps,
  type SwapForm,
  withAnyInput,
} from '../../../src/ui/swapForm';
import { buildQuote, quoteKey } from '../../../src/ui/swapRequest';
import { formatPrice, searchTokens } from '../../../src/ui/tokenSearch';

const token = (assetId: string, symbol: string, blockchain: string, decimals: number, price = 1): TokenView => ({
  assetId,
  symbol,
  blockchain,
  decimals,
  price,
  priceUpdatedAt: '2026-01-01T00:00:00Z',
  contractAddress: null,
  facts: 'confirmed',
  factsNote: null,
});
const TOKENS = [
  token('nep141:wrap.near', 'wNEAR', 'home', 24, 3.1),
  token('nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near', 'USDC', 'eth', 6, 1),
  token('nep141:btc.omft.near', 'BTC', 'btc', 8, 97000.5),
  token('nep141:sol.omft.near', 'SOL', 'sol', 9, 180),
  token('nep141:xrp.omft.near', 'XRP', 'xrp', 6, 2.2),
  token('nep141:stellar.omft.near', 'XLM', 'stellar', 7, 0.1234567),
];
const NOW = Date.parse('2026-03-01T12:00:00.000Z');

const filled = (patch: Partial<SwapForm> = {}): SwapForm => ({
  ...emptyForm('alice.near'),
  originAsset: 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near',
  destinationAsset: 'nep141:wrap.near',
  amount: '12.5',
  ...patch,
});

describe('defaults per chain', () => {
  it('gives slow chains an hour and the others 30 minutes', () => {
    for (const c of ['btc', 'zec', 'doge', 'ltc']) expect(defaultDeadlineMinutes(c)).toBe(60);
    for (const c of ['eth', 'sol', 'home', 'ton']) expect(defaultDeadlineMinutes(c)).toBe(30);
    expect(defaultDeadlineMinutes(null)).toBe(30);
  });

  it('offers MEMO only on stellar, ton and xrp', () => {
    expect(depositModesFor('stellar')).toEqual(['MEMO']);
    expect(depositModesFor('ton')).toEqual(['MEMO']);
    expect(depositModesFor('xrp')).toEqual(['SIMPLE', 'MEMO']);
    expect(depositModesFor('eth')).toEqual(['SIMPLE']);
    expect(fitDepositMode('ton', 'SIMPLE')).toBe('MEMO');
    expect(fitDepositMode('xrp', 'MEMO')).toBe('MEMO');
    expect(fitDepositMode('eth', 'MEMO')).toBe('SIMPLE');
  });

  it('starts with the selected account as recipient and refund account in the intents system', () => {
    const f = emptyForm('alice.near');
    expect([f.recipient, f.recipientType, f.refundTo, f.refundType]).toEqual([
      'alice.near',
      'INTENTS',
      'alice.near',
      'INTENTS',
    ]);
  });
});

describe('slippage in percent, sent as basis points', () => {
  it('converts exactly', () => {
    expect(percentToBps('1')).toBe(100);
    expect(percentToBps('0.5')).toBe(50);
    expect(percentToBps('.25')).toBe(25);
    expect(percentToBps('0.123')).toBeNull();
    expect(percentToBps('-1')).toBeNull();
    expect(percentToBps('1e2')).toBeNull();
    expect(bpsToPercent(150)).toBe('1.5 %');
    expect(bpsToPercent(100)).toBe('1 %');
  });
});

describe('buildQuote', () => {
  it('builds the request with the amount in smallest units and the deadline from now', () => {
    const { params, problems } = buildQuote(filled(), TOKENS, NOW);
    expect(problems).toEqual({});
    expect(params).toEqual({
      swapType: 'EXACT_INPUT',
      slippageTolerance: 100,
      originAsset: 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near',
      depositType: 'ORIGIN_CHAIN',
      destinationAsset: 'nep141:wrap.near',
      amount: '12500000',
      refundTo: 'alice.near',
      refundType: 'INTENTS',
      recipient: 'alice.near',
      recipientType: 'INTENTS',
      deadline: '2026-03-01T12:30:00.000Z',
      depositMode: 'SIMPLE',
    });
  });

  it('reads EXACT_OUTPUT amounts in the destination token and keeps 24 decimals exact', () => {
    const { params } = buildQuote(
      filled({ swapType: 'EXACT_OUTPUT', amount: '1.000000000000000000000001' }),
      TOKENS,
      NOW,
    );
    expect(params?.amount).toBe('1000000000000000000000001');
  });

  it('gives slow origins a one-hour deadline and takes typed minutes', () => {
    const btc = filled({ originAsset: 'nep141:btc.omft.near', refundType: 'INTENTS', amount: '0.001' });
    expect(buildQuote(btc, TOKENS, NOW).params?.deadline).toBe('2026-03-01T13:00:00.000Z');
    const typed = buildQuote({ ...btc, deadlineMinutes: '90' }, TOKENS, NOW);
    expect(typed.params?.deadline).toBe('2026-03-01T13:30:00.000Z');
    const short = buildQuote({ ...btc, deadlineMinutes: '10' }, TOKENS, NOW);
    expect(short.warnings.join(' ')).toMatch(/under 60 min/);
    expect(buildQuote({ ...btc, deadlineMinutes: '2' }, TOKENS, NOW).problems.deadlineMinutes).toMatch(/5 to 1440/);
  });

  const amountCases: [string, RegExp][] = [
    ['', /Enter an amount/],
    ['0', /above zero/],
    ['1.1234567', /USDC has 6 decimals; this has 7/],
    ['1e3', /no exponent/],
    ['1,500', /thousands or decimals/],
    ['1,00.5', /groups of three/],
    ['-1', /positive number/],
    ['abc', /positive number/],
  ];
  it.each(amountCases)('rejects the amount %j', (amount, reason) => {
    const built = buildQuote(filled({ amount }), TOKENS, NOW);
    expect(built.params).toBeNull();
    expect(built.problems.amount).toMatch(reason);
  });

  it('checks recipient and refund against their chain and type', () => {
    const built = buildQuote(
      filled({
        recipientType: 'DESTINATION_CHAIN',
        recipient: 'bob.near',
        refundType: 'ORIGIN_CHAIN',
        refundTo: 'alice.near',
      }),
      TOKENS,
      NOW,
    );
    expect(built.problems.recipient).toBeUndefined(); // the destination chain is home: an account id
    expect(built.problems.refundTo).toMatch(/starts with 0x/); // the origin chain is eth
    const upper = buildQuote(
      filled({ recipientType: 'DESTINATION_CHAIN', recipient: '0x52908400098527886E0F7030069857D2E4169EE7' }),
      TOKENS,
      NOW,
    );
    expect(upper.problems.recipient).toMatch(/lowercase/);
    const toBtc = buildQuote(
      filled({ destinationAsset: 'nep141:btc.omft.near', recipientType: 'DESTINATION_CHAIN', recipient: 'alice.near' }),
      TOKENS,
      NOW,
    );
    expect(toBtc.problems.recipient).toMatch(/Bitcoin/);
  });

  it('requires two different tokens', () => {
    expect(
      buildQuote(filled({ destinationAsset: filled().originAsset }), TOKENS, NOW).problems.destinationAsset,
    ).toMatch(/different/);
    expect(buildQuote(filled({ originAsset: '' }), TOKENS, NOW).problems.originAsset).toMatch(/Choose/);
  });

  it('sends MEMO only where the origin chain takes it, and no mode for INTENTS deposits', () => {
    const xlm = filled({ originAsset: 'nep141:stellar.omft.near', amount: '10', depositMode: 'MEMO' });
    expect(buildQuote(xlm, TOKENS, NOW).params?.depositMode).toBe('MEMO');
    expect(buildQuote({ ...xlm, depositMode: 'SIMPLE' }, TOKENS, NOW).problems.depositMode).toMatch(/does not take/);
    expect(buildQuote(filled({ depositMode: 'MEMO' }), TOKENS, NOW).problems.depositMode).toBeDefined();
    const intents = buildQuote(filled({ depositType: 'INTENTS' }), TOKENS, NOW);
    expect(intents.params?.depositType).toBe('INTENTS');
    expect(intents.params).not.toHaveProperty('depositMode');
  });

  it('adds the advanced fields only when set, and checks each', () => {
    const built = buildQuote(
      filled({
        referral: 'partner',
        appFees: [{ recipient: 'fees.near', bps: '25' }],
        quoteWaitingMs: '0',
        virtualChainRecipient: '0x52908400098527886E0F7030069857D2E4169EE7',
        virtualChainRefundRecipient: '0x52908400098527886e0f7030069857d2e4169ee7',
        customMsgAccepted: true,
        customRecipientMsg: '{"action":"x"}',
      }),
      TOKENS,
      NOW,
    );
    expect(built.problems).toEqual({});
    expect(built.params).toMatchObject({
      referral: 'partner',
      appFees: [{ recipient: 'fees.near', fee: 25 }],
      quoteWaitingTimeMs: 0,
      virtualChainRecipient: '0x52908400098527886E0F7030069857D2E4169EE7',
      virtualChainRefundRecipient: '0x52908400098527886e0f7030069857d2e4169ee7',
      customRecipientMsg: '{"action":"x"}',
    });
    const bad = buildQuote(
      filled({
        referral: 'Partner',
        appFees: [{ recipient: 'Fees', bps: '1.5' }],
        quoteWaitingMs: 'soon',
        virtualChainRecipient: '0x12',
        customRecipientMsg: 'msg',
      }),
      TOKENS,
      NOW,
    );
    expect(bad.params).toBeNull();
    expect(bad.problems.referral).toMatch(/lowercase/);
    expect(bad.problems.appFee0Recipient).toMatch(/lowercase/);
    expect(bad.problems.appFee0Bps).toMatch(/whole basis points/);
    expect(bad.problems.quoteWaitingMs).toMatch(/milliseconds/);
    expect(bad.problems.virtualChainRecipient).toMatch(/40 hexadecimal/);
    expect(bad.problems.customMsgAccepted).toMatch(/Tick the box/);
  });

  it('keeps to the swap service’s limits: each app fee and their sum at most 500 bps; a recipient message only for a NEP-141 destination', () => {
    const fees = (...bps: string[]) =>
      buildQuote(filled({ appFees: bps.map((b, i) => ({ recipient: `fee${i}.near`, bps: b })) }), TOKENS, NOW);
    expect(fees('500').problems).toEqual({});
    expect(fees('501').problems.appFee0Bps).toMatch(/from 1 to 500/);
    expect(fees('250', '250').problems).toEqual({});
    expect(fees('250', '251').problems.appFee1Bps).toMatch(/add up to more than 500/);
    const hot = token('nep245:v2_1.omni.hot.tg:10_11111111111111111111', 'ETH', 'op', 18);
    const msg = (destinationAsset: string) =>
      buildQuote(filled({ destinationAsset, customMsgAccepted: true, customRecipientMsg: '{}' }), [...TOKENS, hot], NOW)
        .problems.customMsgAccepted;
    expect(msg(hot.assetId)).toMatch(/not a NEP-141 token/);
    expect(msg('nep141:btc.omft.near')).toBeUndefined();
  });

  it('never sends the custom message without the warning ticked', () => {
    const built = buildQuote(filled({ customMsgAccepted: true, customRecipientMsg: '   ' }), TOKENS, NOW);
    expect(built.params).not.toHaveProperty('customRecipientMsg');
  });

  it('checks slippage and warns when it is high', () => {
    expect(buildQuote(filled({ slippagePercent: '0.123' }), TOKENS, NOW).problems.slippagePercent).toMatch(
      /two decimals/,
    );
    expect(buildQuote(filled({ slippagePercent: '60' }), TOKENS, NOW).problems.slippagePercent).toMatch(
      /at or below 50 %/,
    );
    const high = buildQuote(filled({ slippagePercent: '7.5' }), TOKENS, NOW);
    expect(high.params?.slippageTolerance).toBe(750);
    expect(high.warnings.join(' ')).toMatch(/7.5 %/);
  });

  it('labels ANY_INPUT partner-only', () => {
    expect(buildQuote(filled({ swapType: 'ANY_INPUT' }), TOKENS, NOW).warnings.join(' ')).toMatch(/partners/);
  });

  it('ANY_INPUT leaves in the live shape: origin 1cs:any, amount 0, deposit and refund through the intents ledger', () => {
    // Whatever token, amount and deposit choice the form held before, none of it goes out.
    const form = withAnyInput(
      filled({
        depositType: 'ORIGIN_CHAIN',
        refundType: 'ORIGIN_CHAIN',
        refundTo: '0x52908400098527886E0F7030069857D2E4169EE7',
      }),
      true,
    );
    expect(form).toMatchObject({
      swapType: 'ANY_INPUT',
      depositType: 'INTENTS',
      refundType: 'INTENTS',
      refundTo: 'alice.near',
    });
    const built = buildQuote({ ...form, originAsset: '', amount: '' }, TOKENS, NOW);
    expect(built.problems).toEqual({});
    expect(built.params).toMatchObject({
      swapType: 'ANY_INPUT',
      originAsset: '1cs:any',
      amount: '0',
      depositType: 'INTENTS',
      refundType: 'INTENTS',
      refundTo: 'alice.near',
    });
    expect(built.params).not.toHaveProperty('depositMode');
    // The address lives a day by default: deposits keep coming.
    expect(Date.parse(built.params!.deadline) - NOW).toBe(24 * 3600_000);
    // A refund account must still be an intents account, and a destination is still needed.
    expect(
      buildQuote({ ...form, refundTo: '0x52908400098527886E0F7030069857D2E4169EE7' }, TOKENS, NOW).problems.refundTo,
    ).toBeDefined();
    expect(buildQuote({ ...form, destinationAsset: '' }, TOKENS, NOW).problems.destinationAsset).toMatch(/receive/);
    // Off again: an ordinary swap needs its token and amount back.
    const off = withAnyInput({ ...form, originAsset: '', amount: '' }, false);
    expect(off.swapType).toBe('EXACT_INPUT');
    expect(Object.keys(buildQuote(off, TOKENS, NOW).problems).sort()).toEqual(['amount', 'originAsset']);
  });

  it('keys the dry quote on everything but the deadline', () => {
    const a = buildQuote(filled(), TOKENS, NOW).params!;
    const b = buildQuote(filled(), TOKENS, NOW + 5000).params!;
    expect(a.deadline).not.toBe(b.deadline);
    expect(quoteKey(a)).toBe(quoteKey(b));
    expect(quoteKey(buildQuote(filled({ amount: '12.6' }), TOKENS, NOW).params!)).not.toBe(quoteKey(a));
  });
});

describe('token search', () => {
  it('matches symbol, chain (its id or its name) and asset id, groups by chain with home first', () => {
    expect(searchTokens(TOKENS, 'solana').map((g) => g.chain)).toEqual(['sol']);
    expect(searchTokens(TOKENS, 'usdc ethereum').flatMap((g) => g.tokens.map((t) => t.symbol))).toEqual(['USDC']);
    expect(searchTokens(TOKENS, '').map((g) => g.chain)).toEqual(['home', 'btc', 'eth', 'sol', 'stellar', 'xrp']);
    expect(searchTokens(TOKENS, 'usdc').flatMap((g) => g.tokens.map((t) => t.symbol))).toEqual(['USDC']);
    expect(searchTokens(TOKENS, 'BTC').flatMap((g) => g.tokens.map((t) => t.symbol))).toEqual(['BTC']);
    expect(searchTokens(TOKENS, '0xa0b8').flatMap((g) => g.tokens.map((t) => t.symbol))).toEqual(['USDC']);
    expect(searchTokens(TOKENS, 'sol').map((g) => g.chain)).toEqual(['sol']);
    expect(searchTokens(TOKENS, 'omft eth').flatMap((g) => g.tokens.map((t) => t.symbol))).toEqual(['USDC']);
    expect(searchTokens(TOKENS, 'nothing-like-this')).toEqual([]);
  });

  it('formats prices', () => {
    expect(formatPrice(97000.5)).toBe('$97,000.50');
    expect(formatPrice(0.1234567)).toBe('$0.1235');
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(Number.NaN)).toBe('—');
  });
});

describe('the recipient’s memo (src/core/destinationMemo.ts)', () => {
  const XRP = 'nep141:xrp.omft.near';
  const XLM = 'nep141:stellar.omft.near';
  const toChain = (destinationAsset: string, recipient: string, recipientMemo: string) =>
    filled({ destinationAsset, recipient, recipientType: 'DESTINATION_CHAIN', recipientMemo });

  it('an XRP destination tag goes into the request; an empty one is not sent', () => {
    const tagged = buildQuote(toChain(XRP, 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', '123456'), TOKENS, NOW);
    expect(tagged.problems).toEqual({});
    expect(tagged.params).toMatchObject({ recipient: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', recipientMemo: '123456' });
    expect(buildQuote(toChain(XRP, 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', ''), TOKENS, NOW).params).not.toHaveProperty(
      'recipientMemo',
    );
    // The memo is part of what decides the quote.
    expect(quoteKey(tagged.params!)).not.toBe(
      quoteKey(buildQuote(toChain(XRP, 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', '1'), TOKENS, NOW).params!),
    );
  });

  it('a tag that is not a 32-bit whole number, or a Stellar memo, is a problem of that field and no request is built', () => {
    const bad = buildQuote(toChain(XRP, 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', '4294967296'), TOKENS, NOW);
    expect(bad.params).toBeNull();
    expect(bad.problems.recipientMemo).toMatch(/whole number/);
    const xlm = buildQuote(
      toChain(XLM, 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ', 'exchange-7'),
      TOKENS,
      NOW,
    );
    expect(xlm.params).toBeNull();
    expect(xlm.problems.recipientMemo).toMatch(/cannot carry a memo.*Memo field/);
  });

  it('a memo left in the form from another destination is ignored where it has no field', () => {
    const intents = buildQuote(filled({ destinationAsset: XRP, recipientMemo: '123' }), TOKENS, NOW);
    expect(intents.problems).toEqual({});
    expect(intents.params).not.toHaveProperty('recipientMemo');
    const evm = buildQuote(
      {
        ...toChain(
          'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near',
          '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
          '123',
        ),
        originAsset: 'nep141:wrap.near',
      },
      TOKENS,
      NOW,
    );
    expect(evm.problems).toEqual({});
    expect(evm.params).not.toHaveProperty('recipientMemo');
  });
});
