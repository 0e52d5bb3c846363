// The bundled drawings (src/ui/icons/drawings.ts): only well-known assets, by asset id, and nothing in
// them that a browser would fetch.
import { describe, expect, it } from 'vitest';
import { CHAIN_IDS } from '../../../src/core/chains';
import { KNOWN_TOKEN_ROWS } from '../../../src/core/knownTokens';
import { CHAIN_DRAWINGS, TOKEN_DRAWINGS } from '../../../src/ui/icons/drawings';

const known = new Set(KNOWN_TOKEN_ROWS.map(([assetId]) => assetId));

describe('bundled drawings', () => {
  it('draw only assets of the bundled table, by asset id (a symbol is never a key)', () => {
    for (const assetId of Object.keys(TOKEN_DRAWINGS)) expect(known.has(assetId), assetId).toBe(true);
    expect(Object.keys(TOKEN_DRAWINGS)).not.toContain('USDC');
  });

  it('draw only chains of the chain table (the service’s `near` being the ledger)', () => {
    for (const chain of Object.keys(CHAIN_DRAWINGS)) expect([...CHAIN_IDS, 'near'] as string[], chain).toContain(chain);
  });

  it('are self-contained SVG data URLs: nothing in them points at the network', () => {
    for (const [key, url] of Object.entries({ ...TOKEN_DRAWINGS, ...CHAIN_DRAWINGS })) {
      expect(url, key).toMatch(/^data:image\/svg\+xml,/);
      const text = decodeURIComponent(url.slice('data:image/svg+xml,'.length));
      expect(text, key).not.toMatch(/href|https?:\/\/(?!www\.w3\.org\/2000\/svg")|url\(|@import/);
    }
  });
});
