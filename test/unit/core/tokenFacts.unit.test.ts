// The agreement rule for token facts (docs/security.md, "Token facts"): the swap service's decimals and
// symbol count only when a second source (the bundled table, or the contract's ft_metadata) says the
// same; a disagreement is `disputed`, no second word `unconfirmed`; the risk rules make a disputed token
// named by a payload a danger finding, and its amounts are worded as raw units with its id.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  assessIntents,
  describeIntent,
  encodeVersionedNonce,
  formatDeadline,
  ftContractOf,
  isValidTokenId,
  judgeToken,
  KNOWN_TOKENS,
  type Phrase,
  phrase,
  sameSymbol,
  tokenTable,
} from '../../../src/core';
import { knownTokensJson, parseKnownTokens } from '../../../src/core/knownTokenRows';
import { KNOWN_TOKEN_ROWS } from '../../../src/core/knownTokens';
import { TOKEN_FACTS_NOTES } from '../../../src/core/tokenFacts';
import { SIM_TOKENS } from '../../../src/sim/tokenList';
import { said } from '../../../src/ui/phrase';

const WNEAR = 'nep141:wrap.near';
const USDT = 'nep141:usdt.tether-token.near';

describe('judgeToken', () => {
  it('agreeing decimals and symbol (in any case) confirm the facts, and the second source’s symbol is the one shown', () => {
    expect(
      judgeToken(USDT, { symbol: 'USDT', decimals: 6 }, { facts: { symbol: 'USDt', decimals: 6 }, source: 'contract' }),
    ).toEqual({
      status: 'confirmed',
      facts: { symbol: 'USDt', decimals: 6 },
      source: 'contract',
    });
    expect(
      judgeToken(
        WNEAR,
        { symbol: 'wNEAR', decimals: 24 },
        { facts: { symbol: 'wNEAR', decimals: 24 }, source: 'table' },
      ).status,
    ).toBe('confirmed');
  });

  it('a spelling the table lists as an alias agrees; the table’s own symbol is still the one shown', () => {
    const btc = KNOWN_TOKENS.get('nep141:nbtc.bridge.near')!;
    expect(
      judgeToken('nep141:nbtc.bridge.near', { symbol: 'nBTC', decimals: 8 }, { facts: btc, source: 'table' }),
    ).toMatchObject({ status: 'confirmed', facts: { symbol: 'BTC' } });
  });

  it('other decimals are disputed, whatever the symbol; the note names both sides and the source', () => {
    const out = judgeToken(
      WNEAR,
      { symbol: 'wNEAR', decimals: 30 },
      { facts: KNOWN_TOKENS.get(WNEAR)!, source: 'table' },
    );
    expect(out).toMatchObject({
      status: 'disputed',
      service: { decimals: 30 },
      checked: { decimals: 24 },
      source: 'table',
    });
    expect(out.status === 'disputed' && said(out.note)).toMatch(
      /swap service and the wallet’s table of known tokens disagree about nep141:wrap\.near: the service says 30 decimals.*says 24 decimals/,
    );
    for (const decimals of [0, 6, 23, 25, 255]) {
      expect(
        judgeToken(
          WNEAR,
          { symbol: 'wNEAR', decimals },
          { facts: { symbol: 'wNEAR', decimals: 24 }, source: 'contract' },
        ).status,
        String(decimals),
      ).toBe('disputed');
    }
  });

  it('another symbol is disputed: another ticker, a look-alike letter of another script, an empty one', () => {
    const usdc = { facts: { symbol: 'USDC', decimals: 6 }, source: 'table' as const };
    for (const symbol of ['USDT', 'USDC.e', 'USDС' /* Cyrillic Es */, 'US DC', '']) {
      expect(judgeToken('nep141:x.near', { symbol, decimals: 6 }, usdc).status, symbol).toBe('disputed');
    }
    expect(sameSymbol('usdc', ' USDC ')).toBe(true);
    expect(sameSymbol('USDС', 'USDC')).toBe(false);
  });

  it('no second source: unconfirmed, saying so', () => {
    expect(judgeToken('nep245:v2_1.omni.hot.tg:1_x', { symbol: 'X', decimals: 6 }, null)).toEqual({
      status: 'unconfirmed',
      note: { key: 'tokenFacts_unconfirmed', subs: ['nep245:v2_1.omni.hot.tg:1_x'] },
    });
  });
});

describe('ftContractOf', () => {
  it('the NEP-141 contract of an asset; none for other standards or a malformed id', () => {
    expect(ftContractOf(WNEAR)).toBe('wrap.near');
    expect(ftContractOf('nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near')).toBe(
      'eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near',
    );
    for (const id of ['nep245:v2_1.omni.hot.tg:1117_', 'nep171:nft.near:1', 'nep141:Not Valid', 'wrap.near', ''])
      expect(ftContractOf(id), id).toBeNull();
  });
});

describe('the bundled table', () => {
  it('every row is a valid asset id with whole decimals up to 24 and a plain symbol', () => {
    expect(KNOWN_TOKENS.size).toBeGreaterThan(80);
    for (const [assetId, t] of KNOWN_TOKENS) {
      expect(isValidTokenId(assetId), assetId).toBe(true);
      expect(Number.isInteger(t.decimals) && t.decimals >= 0 && t.decimals <= 24, assetId).toBe(true);
      expect(t.symbol, assetId).toMatch(/^[\x21-\x7e]{1,16}$/);
    }
  });

  it('ships as the package file the background reads: the same table back, anything else refused', () => {
    const shipped = JSON.parse(knownTokensJson(KNOWN_TOKEN_ROWS)) as unknown;
    expect(parseKnownTokens(shipped)).toEqual(KNOWN_TOKENS);
    const [first] = shipped as Record<string, unknown>[];
    for (const damaged of [
      {},
      [{ ...first, decimals: 6.5 }],
      [{ ...first, decimals: '6' }],
      [{ ...first, symbol: undefined }],
      [{ ...first, aliases: 'NEAR' }],
    ])
      expect(() => parseKnownTokens(damaged), JSON.stringify(damaged)).toThrow();
  });

  it('speaks for every token the simulator seeds, and agrees with it', () => {
    for (const t of SIM_TOKENS) {
      const entry = KNOWN_TOKENS.get(t.assetId);
      expect(entry, t.assetId).toBeDefined();
      expect(judgeToken(t.assetId, t, { facts: entry!, source: 'table' }).status, t.assetId).toBe('confirmed');
    }
  });
});

describe('risk and wording of a disputed token', () => {
  const now = new Date('2026-06-01T00:00:00.000Z');
  const deadline = new Date(now.getTime() + 5 * 60_000);
  const payload = (intents: unknown[]) => ({
    signer_id: 'alice.near',
    verifying_contract: 'intents.near',
    deadline: formatDeadline(deadline),
    nonce: encodeVersionedNonce({ salt: new Uint8Array(4), deadline, random15: new Uint8Array(15) }),
    intents: intents as never,
  });
  const swap = { intent: 'token_diff', diff: { [WNEAR]: '-1000000000000000000000000', [USDT]: '2300000' } };
  const ctx = (disputedTokens?: ReadonlyMap<string, Phrase>) => ({
    now,
    verifierId: 'intents.near',
    origin: null,
    ...(disputedTokens ? { disputedTokens } : {}),
  });

  it('a payload that names a disputed token is danger, once per token, with the note; a payload that does not is not', () => {
    const note = phrase('tokenFacts_disputedTable', WNEAR, '18', 'wNEAR', '24', 'wNEAR');
    const disputed = new Map([[WNEAR, note]]);
    const report = assessIntents(
      payload([swap, { intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: '1' } }]),
      ctx(disputed),
    );
    const found = report.findings.filter((f) => f.code === 'token_facts_disputed');
    expect(found).toEqual([
      {
        level: 'danger',
        code: 'token_facts_disputed',
        words: {
          key: 'risk_tokenFactsDisputed',
          subs: [note],
        },
      },
    ]);
    const withdraw = assessIntents(
      payload([{ intent: 'ft_withdraw', token: 'wrap.near', receiver_id: 'alice.near', amount: '1' }]),
      ctx(disputed),
    );
    expect(withdraw.findings.map((f) => f.code)).toContain('token_facts_disputed');
    const other = assessIntents(
      payload([{ intent: 'token_diff', diff: { [USDT]: '-1', 'nep141:eth.omft.near': '1' } }]),
      ctx(disputed),
    );
    expect(other.findings.map((f) => f.code)).not.toContain('token_facts_disputed');
    // A swap that gives and receives is not danger by itself: the disagreement makes it so.
    expect(assessIntents(payload([swap]), ctx(disputed)).level).toBe('danger');
    expect(assessIntents(payload([swap]), ctx()).level).not.toBe('danger');
  });

  it('a token outside the table of confirmed tokens is worded as raw units with its id', () => {
    const confirmedOnly = tokenTable([{ assetId: USDT, symbol: 'USDT', decimals: 6, blockchain: 'home' }]);
    expect(describeIntent(swap as never, confirmedOnly).map(said)).toEqual([
      'Give 1000000000000000000000000 units of nep141:wrap.near',
      'Receive 2.3 USDT',
    ]);
  });
});

describe('facts notes', () => {
  it('every note the catalogue has is one TOKEN_FACTS_NOTES lists, so a kept balance carrying any reads back', () => {
    const catalogue = JSON.parse(
      readFileSync(fileURLToPath(new URL('../../../assets/public/_locales/en/messages.json', import.meta.url)), 'utf8'),
    ) as Record<string, unknown>;
    const notes = Object.keys(catalogue).filter((k) => k.startsWith('tokenFacts_'));
    expect(notes.length).toBeGreaterThanOrEqual(5);
    expect([...notes].sort()).toEqual([...TOKEN_FACTS_NOTES].sort());
  });
});
