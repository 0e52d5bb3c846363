// The result card every intents review leads with, in the approval window and in the popup's own
// reviews: what the account gives and gets (in its tokens and, for information, in USD at the swap
// service's price), the verifier's fee, what the verifier's check said, and, for the popup's own
// reviews, what the wallet knows of each account paid, as facts rather than warnings (docs/security.md,
// "Risk rules": the tick is for a site's request and for what is dangerous whoever asks). Account,
// verifier, nonce and the raw rows follow under "Technical details" (../approve/IntentsBody.tsx).
import type { BalanceChangeView, IntentsPreview, RecipientFact, SimulationView } from '../../api/approvalApi';
import { readableDecimal, readableUsd } from '../amountText';
import { Placed, SLOT } from '../approve/Placed';
import { Shown } from '../approve/Shown';
import { t } from '../i18n';
import { said } from '../phrase';

export const recipientFactText = (fact: RecipientFact): string => t(`review_fact_${fact}`);

/** The verifier's fee in pips (1 pip = 0.0001 %) as a percentage: "0.0001 %", in the person's decimal mark. */
export const feeText = (pips: number): string => `${readableDecimal(String(Number((pips / 10_000).toFixed(4))))} %`;

/** A balance change as a person reads it: "-1.5 wNEAR", or its smallest units and token id in their words. */
export const signedWords = (c: BalanceChangeView): string => `${c.text.startsWith('-') ? '-' : '+'}${said(c.amount)}`;

export function ReviewResult({ preview }: { preview: IntentsPreview }) {
  const give = preview.changes.filter((c) => c.text.startsWith('-'));
  const get = preview.changes.filter((c) => c.text.startsWith('+'));
  const sim = preview.simulation;
  return (
    <section
      class="review-result"
      aria-label={t('review_resultLabel')}
      data-testid="review-result"
      data-outcome={preview.resumed ? 'resumed' : sim === null ? 'unavailable' : sim.ok ? 'ok' : 'error'}
    >
      <dl class="result-rows">
        {give.length > 0 && <ChangeRow label={t('review_youGive')} changes={give} way="out" />}
        {get.length > 0 && <ChangeRow label={t('review_youGet')} changes={get} way="in" />}
        {give.length === 0 && get.length === 0 && (
          <>
            <dt>{t('review_yourBalances')}</dt>
            <dd>{t('review_noChange')}</dd>
          </>
        )}
        {sim?.ok && (
          <>
            <dt>{t('review_fee')}</dt>
            <dd data-testid="review-fee">{t('review_feeToVerifier', feeText(sim.feePips))}</dd>
          </>
        )}
      </dl>
      <CheckLine simulation={sim} resumed={preview.resumed === true} />
      {(preview.recipients ?? []).map((r) => (
        <p
          key={r.accountId}
          class="recipient-fact"
          data-testid="review-recipient"
          data-fact={r.fact}
          data-contact={r.contact}
        >
          <Placed text={t('review_recipient', SLOT, recipientFactText(r.fact))}>
            {r.contact ? (
              <strong>
                <Shown text={t('review_savedContact', r.contact)} />{' '}
              </strong>
            ) : null}
            <Shown text={r.accountId} />
          </Placed>
        </p>
      ))}
    </section>
  );
}

function ChangeRow({ label, changes, way }: { label: string; changes: BalanceChangeView[]; way: 'in' | 'out' }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <ul class={`plain result-${way}`}>
          {changes.map((c) => (
            <li key={c.tokenId} data-testid="review-change" data-token={c.tokenId}>
              <strong>
                <Shown text={said(c.amount)} />
              </strong>
              {c.usd !== null && <span class="hint"> ≈ {readableUsd(c.usd.replace(/^-/, ''))}</span>}
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}

/** What the verifier's check said, in one line: a refusal and a check that could not run are never folded away. */
function CheckLine({ simulation, resumed }: { simulation: SimulationView | null; resumed: boolean }) {
  // The background sets `resumed` only when the verifier's answer is consistent with this very signature
  // having run (the nonce it used is this request's own), so this note never hides another refusal.
  if (resumed)
    return (
      <p class="warn-text" data-testid="review-resumed">
        {t('review_resumed')}
      </p>
    );
  if (simulation === null)
    return (
      <p class="warn-text" data-testid="review-check">
        {t('review_checkUnavailable')}
      </p>
    );
  if (!simulation.ok)
    return (
      <p class="bad-text" data-testid="review-check">
        <Refusal simulation={simulation} />
      </p>
    );
  return null;
}

/**
 * Why the verifier would refuse: the wallet's own check in the person's words, or the verifier's answer
 * as it gave it (data: its text is the contract's).
 */
export function Refusal({ simulation }: { simulation: Extract<SimulationView, { ok: false }> }) {
  return (
    <Placed text={t('approve_verifierRefuses', SLOT)}>
      <Shown text={simulation.reasons ? simulation.reasons.map(said).join('; ') : simulation.error} />
    </Placed>
  );
}
