// CSV export (src/ui/csv.ts): RFC 4180 quoting, CRLF, formula-injection guard, every history column.
import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '../../../src/provider/swapApi';
import { HISTORY_CSV_COLUMNS, csvCell, historyCsv, toCsv } from '../../../src/ui/csv';

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
});
