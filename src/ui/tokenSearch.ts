// The token picker's search and price text: tokens grouped by chain and filtered by words, prices in
// dollars. Pure, apart from the form so that the form's file keeps to its checks.
import type { TokenView } from '../api/swapApi';
import { chainName } from './chains';
import { uiLocale } from './i18n';

/** Tokens grouped by chain for the picker, filtered by a search over symbol, chain (id and name) and asset id. */
export function searchTokens(tokens: readonly TokenView[], query: string): { chain: string; tokens: TokenView[] }[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const hits = tokens.filter((t) => {
    const hay = `${t.symbol} ${t.blockchain} ${chainName(t.blockchain)} ${t.assetId}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  const groups = new Map<string, TokenView[]>();
  for (const t of hits) {
    const list = groups.get(t.blockchain) ?? [];
    list.push(t);
    groups.set(t.blockchain, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === 'home' ? -1 : b === 'home' ? 1 : a.localeCompare(b)))
    .map(([chain, list]) => ({ chain, tokens: list.sort((a, b) => a.symbol.localeCompare(b.symbol)) }));
}

/** "$1,234.56" for a token price; small prices keep their significant digits. */
export function formatPrice(price: number): string {
  if (!Number.isFinite(price) || price < 0) return '—';
  const usd = { style: 'currency', currency: 'USD' } as const;
  if (price === 0) return (0).toLocaleString(uiLocale(), { ...usd, maximumFractionDigits: 0 });
  if (price >= 1)
    return price.toLocaleString(uiLocale(), { ...usd, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return price.toLocaleString(uiLocale(), { ...usd, maximumSignificantDigits: 4 });
}
