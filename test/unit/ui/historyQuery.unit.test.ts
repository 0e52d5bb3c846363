// History filters → transactions-API query (src/ui/historyQuery.ts), and the paging cursors.
import { describe, expect, it } from 'vitest';
import { activityQuery, buildHistoryQuery, emptyFilters, localToIso } from '../../../src/ui/historyQuery';

describe('history query', () => {
  it('sends only the page size when nothing is set', () => {
    expect(buildHistoryQuery(emptyFilters())).toEqual({ query: { numberOfTransactions: 50 }, problems: {} });
  });

  it('maps every filter to its parameter', () => {
    const { query, problems } = buildHistoryQuery({
      statuses: ['SUCCESS', 'PENDING_DEPOSIT'],
      search: ' 0xabc ',
      fromChainId: 'eth',
      toChainId: 'home',
      fromTokenId: 'nep141:usdc',
      toTokenId: 'nep141:wrap.near',
      start: '2026-01-01T00:00',
      end: '2026-02-01T00:00',
      minUsd: '10',
      maxUsd: '99.5',
      referral: 'partner',
      affiliate: 'aff.near',
      showTestTxs: true,
      pageSize: '1000',
    });
    expect(problems).toEqual({});
    expect(query).toEqual({
      numberOfTransactions: 1000,
      statuses: ['PENDING_DEPOSIT', 'SUCCESS'],
      search: '0xabc',
      fromChainId: 'eth',
      toChainId: 'home',
      fromTokenId: 'nep141:usdc',
      toTokenId: 'nep141:wrap.near',
      referral: 'partner',
      affiliate: 'aff.near',
      minUsdPrice: 10,
      maxUsdPrice: 99.5,
      startTimestamp: new Date('2026-01-01T00:00').toISOString(),
      endTimestamp: new Date('2026-02-01T00:00').toISOString(),
      showTestTxs: true,
    });
  });

  it('explains bad filters', () => {
    const { query, problems } = buildHistoryQuery({
      ...emptyFilters(),
      minUsd: '-1',
      maxUsd: 'x',
      referral: 'Ref',
      start: '2026-02-01T00:00',
      end: '2026-01-01T00:00',
    });
    expect(query).toBeNull();
    expect(problems).toEqual({
      minUsd: expect.stringMatching(/dollar amount/),
      maxUsd: expect.stringMatching(/dollar amount/),
      referral: expect.stringMatching(/lowercase/),
      end: expect.stringMatching(/not after the start/),
    });
    expect(buildHistoryQuery({ ...emptyFilters(), minUsd: '50', maxUsd: '10' }).problems.maxUsd).toMatch(
      /below the minimum/,
    );
  });

  it('reads datetime-local values in local time', () => {
    expect(localToIso('2026-01-01T10:30')).toBe(new Date(2026, 0, 1, 10, 30).toISOString());
    expect(localToIso('2026-01-01')).toBe(new Date(2026, 0, 1).toISOString());
    expect(localToIso('yesterday')).toBeNull();
  });
});

describe('paging', () => {
  const cursor = { at: 1_700_000_000_000, key: 'intent:abc', swap: { address: 'oldest', memo: '42' } };

  it('older: the filters and the cursor the page before handed out', () => {
    expect(activityQuery({ numberOfTransactions: 3, search: 'x' }, cursor)).toEqual({
      numberOfTransactions: 3,
      search: 'x',
      after: cursor,
    });
  });

  it('the newest page has no cursor, and a swap cursor in the filters never reaches the background', () => {
    expect(
      activityQuery({ numberOfTransactions: 3, lastDepositAddress: 'a', lastDepositMemo: 'm', direction: 'prev' }),
    ).toEqual({ numberOfTransactions: 3 });
  });
});
