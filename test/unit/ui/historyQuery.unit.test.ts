// History filters → transactions-API query (src/ui/historyQuery.ts), and the paging cursors.
import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '../../../src/provider/swapApi';
import { buildHistoryQuery, emptyFilters, localToIso, pageQuery } from '../../../src/ui/historyQuery';

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
    const { query, problems } = buildHistoryQuery({ ...emptyFilters(), minUsd: '-1', maxUsd: 'x', referral: 'Ref', start: '2026-02-01T00:00', end: '2026-01-01T00:00' });
    expect(query).toBeNull();
    expect(problems).toEqual({
      minUsd: expect.stringMatching(/dollar amount/),
      maxUsd: expect.stringMatching(/dollar amount/),
      referral: expect.stringMatching(/lowercase/),
      end: expect.stringMatching(/not after the start/),
    });
    expect(buildHistoryQuery({ ...emptyFilters(), minUsd: '50', maxUsd: '10' }).problems.maxUsd).toMatch(/below the minimum/);
  });

  it('reads datetime-local values in local time', () => {
    expect(localToIso('2026-01-01T10:30')).toBe(new Date(2026, 0, 1, 10, 30).toISOString());
    expect(localToIso('2026-01-01')).toBe(new Date(2026, 0, 1).toISOString());
    expect(localToIso('yesterday')).toBeNull();
  });
});

describe('paging', () => {
  const item = (depositAddress: string, depositMemo: string | null) => ({ depositAddress, depositMemo }) as HistoryItem;
  const items = [item('newest', null), item('middle', 'm'), item('oldest', '42')];

  it('older = next after the last row, with its memo', () => {
    expect(pageQuery({ numberOfTransactions: 3, search: 'x' }, items, 'next')).toEqual({
      numberOfTransactions: 3,
      search: 'x',
      direction: 'next',
      lastDepositAddress: 'oldest',
      lastDepositMemo: '42',
    });
  });

  it('newer = prev before the first row (no memo when it has none)', () => {
    expect(pageQuery({ numberOfTransactions: 3 }, items, 'prev')).toEqual({ numberOfTransactions: 3, direction: 'prev', lastDepositAddress: 'newest' });
  });

  it('has no cursor on an empty page', () => {
    expect(pageQuery({}, [], 'next')).toBeNull();
  });
});
