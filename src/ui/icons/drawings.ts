// Drawings of well-known chains and tokens, made for this wallet (simple shapes that recall each asset;
// no logo file is copied or fetched): loaded after the first screen (./TokenIcon.tsx), so the popup's
// first chunk carries only the letter badges. Each is a 32×32 SVG as a data: URL for an <img>. Tokens are
// drawn by asset id, never by symbol: a token that calls itself USDC gets a letter, not USDC's drawing.
const svg = (bg: string, body: string): string =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="${bg}"/>${body}</svg>`,
  )}`;
const mark = (text: string, size = 16) =>
  `<text x="16" y="${16 + size * 0.36}" font-family="system-ui,sans-serif" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${text}</text>`;

const NEAR = svg(
  '#111',
  '<path d="M10 23V9l12 14V9" fill="none" stroke="#fff" stroke-width="2.6" stroke-linejoin="round"/>',
);
const ETH = svg(
  '#627eea',
  '<path d="M16 5l-7 11 7 4 7-4z" fill="#fff"/><path d="M16 21.5l-7-4 7 9.5 7-9.5z" fill="#fff" opacity=".8"/>',
);
const BTC = svg('#f7931a', mark('₿', 18));
const SOL = svg(
  '#14112b',
  '<path d="M10 10h13l-3 3H7zm0 9h13l-3 3H7zm3-4.5h13l-3 3H10z" fill="#19fb9b"/><path d="M13 14.5h13l-3 3H10z" fill="#9945ff"/>',
);
const USDC = svg(
  '#2775ca',
  `<circle cx="16" cy="16" r="10" fill="none" stroke="#fff" stroke-width="1.6"/>${mark('$', 13)}`,
);
const USDT = svg('#26a17b', '<path d="M9 9h14v3.5h-5V24h-4V12.5H9z" fill="#fff"/>');
const letterMark = (bg: string, text: string) => svg(bg, mark(text, text.length > 1 ? 12 : 16));

/** By chain id (src/core/chains.ts; `near` is the ledger as the service names it). */
export const CHAIN_DRAWINGS: Readonly<Record<string, string>> = {
  home: NEAR,
  near: NEAR,
  eth: ETH,
  btc: BTC,
  sol: SOL,
  base: letterMark('#0052ff', 'B'),
  arb: letterMark('#213147', 'A'),
  op: letterMark('#ff0420', 'OP'),
  ton: letterMark('#0098ea', 'T'),
  doge: letterMark('#c2a633', 'Ð'),
  xrp: letterMark('#23292f', 'X'),
  tron: letterMark('#eb0029', 'T'),
  bsc: letterMark('#f0b90b', 'B'),
  pol: letterMark('#8247e5', 'P'),
  avax: letterMark('#e84142', 'A'),
  zec: letterMark('#f4b728', 'Z'),
  ltc: letterMark('#345d9d', 'Ł'),
  sui: letterMark('#4da2ff', 'S'),
};

/** By asset id: the ledger's own tokens and the bridged native assets (the chain's drawing). */
export const TOKEN_DRAWINGS: Readonly<Record<string, string>> = {
  'nep141:wrap.near': NEAR,
  'nep141:17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1': USDC,
  'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near': USDC,
  'nep141:usdt.tether-token.near': USDT,
  'nep141:eth-0xdac17f958d2ee523a2206206994597c13d831ec7.omft.near': USDT,
  ...Object.fromEntries(
    ['eth', 'btc', 'sol', 'doge', 'xrp', 'zec', 'arb', 'base', 'tron', 'bsc', 'pol', 'avax', 'sui'].map((c) => [
      `nep141:${c}.omft.near`,
      CHAIN_DRAWINGS[c]!,
    ]),
  ),
};
