// Icons for tokens and chains: a letter badge drawn by CSS at once (styles.css `.icon`), replaced by the
// bundled drawing of a well-known asset when ../icons/drawings has loaded (after the first screen: the
// popup's first chunk stays small, docs/architecture.md "Budgets"). No icon is ever fetched from the
// network: which icons a page asks for would tell a server what the person holds.
import { useEffect, useState } from 'preact/hooks';

type Drawings = typeof import('../icons/drawings');
let drawings: Drawings | null = null;
let loading: Promise<Drawings> | null = null;
const load = () => (loading ??= import('../icons/drawings').then((m) => (drawings = m)));

/** The hue of a letter badge, from its text: the same token always gets the same colour. */
const hueOf = (text: string) => [...text].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 7);

function useDrawings(): Drawings | null {
  const [d, setD] = useState(drawings);
  useEffect(() => {
    if (!d) void load().then(setD, () => undefined);
  }, []);
  return d;
}

function Badge({ text, src, size }: { text: string; src: string | undefined; size: 'md' | 'sm' }) {
  if (src) return <img class={`ticon ticon-${size}`} src={src} alt="" aria-hidden="true" data-drawn="true" />;
  const letter = ([...text.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '?').toUpperCase();
  return (
    // The letter is drawn by CSS from data-letter (styles.css `.ticon`): a picture, not text a person reads, so
    // the words of the screen (docs/testing.md, "Words from the catalogue") are only its messages.
    <span
      class={`ticon ticon-${size}`}
      style={{ '--hue': String(hueOf(text)) }}
      aria-hidden="true"
      data-drawn="false"
      data-letter={letter}
    />
  );
}

/** A token's icon: its drawing by asset id, else the first letter of its symbol. */
export function TokenIcon({ assetId, symbol, size = 'md' }: { assetId: string; symbol: string; size?: 'md' | 'sm' }) {
  const d = useDrawings();
  return <Badge text={symbol} src={d?.TOKEN_DRAWINGS[assetId]} size={size} />;
}

/** A chain's icon: its drawing, else the first letter of its name. */
export function ChainIcon({ chain, name, size = 'sm' }: { chain: string; name: string; size?: 'md' | 'sm' }) {
  const d = useDrawings();
  return <Badge text={name} src={d?.CHAIN_DRAWINGS[chain]} size={size} />;
}
