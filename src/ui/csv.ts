// CSV export of Activity (RFC 4180): fields with a comma, quote or line break are quoted and their
// quotes doubled; lines end in CRLF. Text that a spreadsheet would run as a formula (=, +, -, @ …)
// gets a leading apostrophe, since recipients and memos come from other people.
import type { ActivityItem, PublishedIntentView } from '../provider/activity';
import type { HistoryItem } from '../provider/swapApi';

export type CsvValue = string | number | boolean | null | undefined;

const NUMBER_RE = /^-?\d+(\.\d+)?$/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER_RE.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export const HISTORY_CSV_COLUMNS = [
  'createdAt', 'status', 'source', 'originAsset', 'amountInFormatted', 'amountInUsd', 'destinationAsset', 'amountOutFormatted',
  'amountOutUsd', 'depositAddress', 'depositMemo', 'recipient', 'refundTo', 'refundReason', 'referral', 'senders',
  'originChainTxHashes', 'homeTxHashes', 'destinationChainTxHashes', 'intentHashes', 'localId',
] as const satisfies readonly (keyof HistoryItem)[];

const swapCells = (item: HistoryItem): CsvValue[] =>
  HISTORY_CSV_COLUMNS.map((col) => {
    const value = item[col];
    return Array.isArray(value) ? value.join(' ') : value;
  });

/** The loaded history rows as CSV (lists joined with spaces: hashes and accounts have none). */
export function historyCsv(items: readonly HistoryItem[]): string {
  return toCsv(HISTORY_CSV_COLUMNS, items.map(swapCells));
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
  return [...HISTORY_CSV_COLUMNS.map((col) => shared[col]), i.kind, i.accountId, i.origin, i.summary.join('; ')];
}

/** The loaded Activity rows as CSV: swaps with their flow as the kind, intents as `send` or `dapp`. */
export function activityCsv(items: readonly ActivityItem[]): string {
  return toCsv(
    ACTIVITY_CSV_COLUMNS,
    items.map((item) => (item.type === 'swap' ? [...swapCells(item.swap), item.swap.flow ?? 'swap', null, null, null] : intentCells(item.intent))),
  );
}
