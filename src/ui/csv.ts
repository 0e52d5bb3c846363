// CSV export of Activity (RFC 4180): fields with a separator, quote or line break are quoted and their
// quotes doubled; lines end in CRLF. Recipients, memos and site names come from other people, so text a
// spreadsheet would run as a formula is neutralised (OWASP, "CSV Injection":
// https://owasp.org/www-community/attacks/CSV_Injection): an apostrophe goes before every =, +, -, @
// (and their full-width forms) that starts the cell or follows a separator and optional whitespace, and
// before a leading tab or CR, and such a cell is always quoted. "After a separator" counts every
// separator a spreadsheet may split on, not only ours: Excel takes the locale's list separator (';' in
// much of Europe), LibreOffice Calc's import ticks comma, semicolon and tab, and a quote is special only
// at the start of a field, so read with ';' the cell "thanks;=HYPERLINK(…)" is two fields, the second a
// formula, quoted or not. Line breaks count too (a reader that splits rows inside quotes).
// The first line is `sep=,`: Excel reads it as the separator, whatever the locale, and does not show
// it; it is a convention of Excel's, not RFC 4180, and other readers (Google Sheets, LibreOffice Calc,
// Python's csv module) show it as a first row of text. The guard above does not rely on it.
import type { ActivityItem, PublishedIntentView } from '../api/activity';
import type { HistoryItem } from '../api/swapApi';
import { chainNameOn } from '../core/chains';
import type { NetworkId } from '../core/network';
import { said } from './phrase';

export type CsvValue = string | number | boolean | null | undefined;

const NUMBER_RE = /^-?\d+(\.\d+)?$/;
/** A formula character at the start of the cell or after a separator, with the whitespace before it. */
const FORMULA_START = /(^|[,;\t\r\n])(\s*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (NUMBER_RE.test(text)) return text;
  let neutralised = text.replace(FORMULA_START, "$1$2'");
  if (/^[\t\r]/.test(neutralised)) neutralised = `'${neutralised}`;
  return neutralised !== text || /[",;\t\r\n]/.test(text) || /^\s|\s$/.test(text)
    ? `"${neutralised.replace(/"/g, '""')}"`
    : text;
}

/**
 * The header a person reads: the ledger's column is named as the network names the ledger
 * (`nearTxHashes` on Mainnet, src/core/chains.ts), the others as the swap service's fields.
 */
export function csvHeader(columns: readonly string[], network: NetworkId): string[] {
  const ledger = chainNameOn('home', network).split(' ')[0]!.toLowerCase();
  return columns.map((c) => (c === 'homeTxHashes' ? `${ledger}TxHashes` : c));
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `${['sep=,', ...[header, ...rows].map((row) => row.map(csvCell).join(','))].join('\r\n')}\r\n`;
}

export const HISTORY_CSV_COLUMNS = [
  'createdAt',
  'status',
  'source',
  'originAsset',
  'amountInFormatted',
  'amountInUsd',
  'destinationAsset',
  'amountOutFormatted',
  'amountOutUsd',
  'depositAddress',
  'depositMemo',
  'recipient',
  'refundTo',
  'refundReason',
  'referral',
  'senders',
  'originChainTxHashes',
  'homeTxHashes',
  'destinationChainTxHashes',
  'intentHashes',
  'localId',
] as const satisfies readonly (keyof HistoryItem)[];

const swapCells = (item: HistoryItem): CsvValue[] =>
  HISTORY_CSV_COLUMNS.map((col) => {
    const value = item[col];
    return Array.isArray(value) ? value.join(' ') : value;
  });

/** The loaded history rows as CSV (lists joined with spaces: hashes and accounts have none). */
export function historyCsv(items: readonly HistoryItem[], network: NetworkId = 'mainnet'): string {
  return toCsv(csvHeader(HISTORY_CSV_COLUMNS, network), items.map(swapCells));
}

/** Activity's columns: the swap columns, then what only Activity has (intents fill the columns they share). */
export const ACTIVITY_CSV_COLUMNS = [...HISTORY_CSV_COLUMNS, 'kind', 'account', 'site', 'summary'] as const;

function intentCells(i: PublishedIntentView): CsvValue[] {
  const shared: Partial<Record<(typeof HISTORY_CSV_COLUMNS)[number], CsvValue>> = {
    createdAt: new Date(i.createdAt).toISOString(),
    status: i.status,
    source: 'local',
    homeTxHashes: i.txHash,
    intentHashes: i.intentHash,
  };
  return [
    ...HISTORY_CSV_COLUMNS.map((col) => shared[col]),
    i.kind,
    i.accountId,
    i.origin,
    i.summary.map(said).join('; '),
  ];
}

/** The loaded Activity rows as CSV: swaps with their flow as the kind, intents as `send` or `dapp`. */
export function activityCsv(items: readonly ActivityItem[], network: NetworkId = 'mainnet'): string {
  return toCsv(
    csvHeader(ACTIVITY_CSV_COLUMNS, network),
    items.map((item) =>
      item.type === 'swap'
        ? [...swapCells(item.swap), item.swap.flow ?? 'swap', null, null, null]
        : intentCells(item.intent),
    ),
  );
}
