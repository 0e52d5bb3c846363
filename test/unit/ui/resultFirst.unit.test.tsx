// Reviews lead with the result (src/ui/components/ReviewResult.tsx, src/ui/approve/IntentsBody.tsx):
// what the account gives and gets with USD and the fee come before everything else; the full account
// id, the verifier, the nonce and the raw payload sit under "Technical details"; a refusal or a check
// that could not run is never folded away. Rendered with Preact into a linkedom document.
import { parseHTML } from 'linkedom';
import { afterEach, describe, expect, it } from 'vitest';
import type { IntentsPreview, SimulationView } from '../../../src/api/approvalApi';

const { window, document } = parseHTML('<!doctype html><html><body><div id="app"></div></body></html>');
Object.assign(globalThis, { window, document, Node: window.Node, Element: window.Element, Event: window.Event });
const { render } = await import('preact');
const { IntentsBody } = await import('../../../src/ui/approve/IntentsBody');
const { feeText } = await import('../../../src/ui/components/ReviewResult');

const ACCOUNT = 'ab'.repeat(32); // an implicit account: 64 hex characters
const WNEAR = 'nep141:wrap.near';
const USDT = 'nep141:usdt.tether-token.near';

const ok: Extract<SimulationView, { ok: true }> = {
  ok: true,
  executed: 1,
  feePips: 1,
  balanceChanges: [
    { accountId: ACCOUNT, tokenId: WNEAR, text: '-1 wNEAR', amount: '1 wNEAR', usd: '-3.10' },
    { accountId: ACCOUNT, tokenId: USDT, text: '+2.303102 USDT', amount: '2.303102 USDT', usd: '2.30' },
  ],
  invariantViolated: null,
  unmatched: [],
};

function preview(over: Partial<IntentsPreview> = {}): IntentsPreview {
  return {
    accountId: ACCOUNT,
    verifier: 'intents.near',
    deadline: '2026-11-26T10:00:00.000Z',
    nonceKind: 'versioned',
    standard: 'nep413',
    intents: [{ type: 'token_diff', lines: ['Give 1 wNEAR', 'Receive 2.303102 USDT'], findings: [] }],
    changes: ok.balanceChanges,
    batchFindings: [],
    level: null,
    simulation: ok,
    quoteHashes: [],
    raw: `{"signer_id": "${ACCOUNT}"}`,
    ...over,
  };
}

const app = () => document.getElementById('app')!;
const draw = (p: IntentsPreview) =>
  render(<IntentsBody preview={p} publish now={Date.parse('2026-11-26T09:56:00Z')} />, app());
const byTestid = (testid: string) => app().querySelector(`[data-testid="${testid}"]`);
/** Text outside the folded technical details: what a person reads without a click. */
function unfoldedText(): string {
  const copy = app().cloneNode(true) as Element;
  for (const d of copy.querySelectorAll('details')) d.remove();
  return copy.textContent ?? '';
}

afterEach(() => render(null, app()));

describe('result-first review', () => {
  it('leads with what is given and got, in tokens and USD, and the fee', () => {
    draw(preview());
    const body = app().querySelector('section.req-body')!;
    const first = body.querySelector('h2')?.nextElementSibling;
    expect(first?.getAttribute('data-testid')).toBe('review-result');
    const result = byTestid('review-result')!;
    expect(result.querySelector('.result-out')?.textContent).toBe('1 wNEAR ≈ $3.10');
    expect(result.querySelector('.result-in')?.textContent).toBe('2.303102 USDT ≈ $2.30');
    expect(byTestid('review-fee')?.textContent).toBe('0.0001 % to the verifier');
    expect(result.getAttribute('data-outcome')).toBe('ok');
  });

  it('folds the 64-hex account, verifier, nonce, standard and raw JSON under Technical details', () => {
    draw(preview());
    const technical = byTestid('approval-technical')!;
    expect(technical.tagName).toBe('DETAILS');
    expect(technical.hasAttribute('open')).toBe(false);
    for (const id of ['approval-verifier', 'approval-nonce-kind', 'approval-raw-toggle', 'approval-simulation'])
      expect(technical.querySelector(`[data-testid="${id}"]`), id).not.toBeNull();
    const unfolded = unfoldedText();
    expect(unfolded).not.toMatch(/[0-9a-f]{64}/);
    expect(unfolded).not.toContain('intents.near');
    expect(unfolded).not.toContain('NEP-413');
    // The account is still named, shortened; in full under the details.
    expect(byTestid('approval-account')?.textContent).toBe('abababab…abababab');
    expect(technical.textContent).toContain(ACCOUNT);
  });

  it('shows a refusal and a check that could not run outside the fold', () => {
    draw(preview({ simulation: { ok: false, error: 'insufficient balance (holds 1 wNEAR, needs 2 wNEAR)' } }));
    expect(byTestid('review-result')?.getAttribute('data-outcome')).toBe('error');
    expect(unfoldedText()).toContain(
      'The verifier would refuse this: insufficient balance (holds 1 wNEAR, needs 2 wNEAR)',
    );
    // What the intents would move is still the first thing read.
    expect(byTestid('review-result')?.querySelector('.result-out')?.textContent).toBe('1 wNEAR ≈ $3.10');

    draw(preview({ simulation: null }));
    expect(byTestid('review-result')?.getAttribute('data-outcome')).toBe('unavailable');
    expect(unfoldedText()).toContain('Could not check this with the verifier');
  });

  it('names no USD without a price, and says when no balance of the account moves', () => {
    draw(
      preview({ changes: [{ accountId: ACCOUNT, tokenId: WNEAR, text: '-1 wNEAR', amount: '1 wNEAR', usd: null }] }),
    );
    expect(byTestid('review-result')?.querySelector('.result-out')?.textContent).toBe('1 wNEAR');
    expect(byTestid('review-result')?.querySelector('.result-in')).toBeNull();

    draw(preview({ changes: [], intents: [{ type: 'add_public_key', lines: ['Add key'], findings: [] }] }));
    expect(byTestid('review-result')?.textContent).toContain('Your balancesNo change');
  });

  it('writes the fee in percent from pips', () => {
    expect(feeText(1)).toBe('0.0001 %');
    expect(feeText(300)).toBe('0.03 %');
    expect(feeText(10_000)).toBe('1 %');
    expect(feeText(0)).toBe('0 %');
  });
});
