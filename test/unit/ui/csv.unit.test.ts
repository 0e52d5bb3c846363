// CSV export (src/ui/csv.ts): RFC 4180 quoting, CRLF, formula-injection guard, every history column.
import { describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../../src/provider/activity';
import type { HistoryItem } from '../../../src/provider/swapApi';
import { ACTIVITY_CSV_COLUMNS, HISTORY_CSV_COLUMNS, activityCsv, csvCell, historyCsv, toCsv } from '../../../src/ui/csv';

const item: HistoryItem = {
  key: 'addr_memo',
  source: 'both',
  originAsset: 'nep141:wrap.near',
  destinationAsset: 'nep141:eth.omft.near',
  depositAddress: 'addr',
  depositMemo: null,
  recipient: 'bob.near',
  status: 'SUCCESS',
  createdAt: '2026-01-02T03:04:05.000Z',
  amountIn: '1500000000000000000000000',
  amountOut: '1000000000000000',
  amountInFormatted: '1.5',
  amountOutFormatted: '0.001',
  amountInUsd: '4.5',
  amountOutUsd: null,
  refundReason: null,
  referral: 'ref',
  intentHashes: ['i1', 'i2'],
  homeTxHashes: [],
  originChainTxHashes: ['o1'],
  destinationChainTxHashes: ['d1'],
  senders: ['alice.near'],
  refundTo: 'alice.near',
  localId: 'L1',
};

describe('csv', () => {
  it('quotes only what needs quoting and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(true)).toBe('true');
  });

  it('keeps spreadsheets from running formulas, but leaves numbers alone', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('-1.25')).toBe('-1.25');
    expect(csvCell('-cmd')).toBe("'-cmd");
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(toCsv(['a', 'b'], [['1', 'x,y'], [null, '"']])).toBe('a,b\r\n1,"x,y"\r\n,""""\r\n');
  });

  it('exports every loaded history row with the columns in order', () => {
    const csv = historyCsv([item, { ...item, key: 'k2', recipient: 'has,comma', status: 'REFUNDED' }]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(HISTORY_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      '2026-01-02T03:04:05.000Z,SUCCESS,both,nep141:wrap.near,1.5,4.5,nep141:eth.omft.near,0.001,,addr,,bob.near,alice.near,,ref,alice.near,o1,,d1,i1 i2,L1',
    );
    expect(lines[2]).toContain(',"has,comma",');
    expect(lines[3]).toBe('');
  });

  it('exports Activity: swaps with their flow, intents in the columns they share and their own', () => {
    const intent: ActivityItem = {
      type: 'intent',
      key: 'intent:H1',
      at: Date.parse('2026-01-02T03:04:06.000Z'),
      intent: {
        intentHash: 'H1',
        accountId: 'alice.near',
        kind: 'dapp',
        origin: 'https://app.example',
        summary: ['Give 1 wNEAR', 'Receive 3 USDC'],
        createdAt: Date.parse('2026-01-02T03:04:06.000Z'),
        status: 'SETTLED',
        detail: null,
        txHash: 'T1',
        checkedAt: null,
      },
    };
    const swap: ActivityItem = { type: 'swap', key: item.key, at: Date.parse(item.createdAt), swap: { ...item, flow: 'withdraw' } };
    const lines = activityCsv([intent, swap]).split('\r\n');
    expect(lines[0]).toBe(ACTIVITY_CSV_COLUMNS.join(','));
    expect(lines[0]).toMatch(/^createdAt,status,source,.*,localId,kind,account,site,summary$/);
    const cells = Object.fromEntries(ACTIVITY_CSV_COLUMNS.map((c, i) => [c, lines[1]!.split(',')[i]]));
    expect(cells).toMatchObject({ createdAt: '2026-01-02T03:04:06.000Z', status: 'SETTLED', source: 'local', intentHashes: 'H1', homeTxHashes: 'T1', kind: 'dapp', account: 'alice.near', site: 'https://app.example', summary: 'Give 1 wNEAR; Receive 3 USDC', originAsset: '' });
    expect(lines[2]).toBe(historyCsv([item]).split('\r\n')[1] + ',withdraw,,,');
  });
});
