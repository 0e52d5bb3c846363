// The result card of the popup's own reviews (Send, paying a swap from the intents account): what leaves
// and arrives, then what the wallet knows of each account paid, as facts rather than warnings
// (docs/security.md, "Risk rules": the tick is for a site's request and for what is dangerous whoever asks).
import type { IntentsPreview, RecipientFact } from '../../api/approvalApi';
import { Shown } from '../approve/Shown';

export const RECIPIENT_FACT_TEXT: Record<RecipientFact, string> = {
  own: 'One of your own accounts.',
  sentBefore: 'You have sent to this account before.',
  firstTime: 'The first time you send to this account: check that it is the right one.',
  swapDeposit: 'The deposit account of this swap, checked against the swap’s signed quote.',
};

export function ReviewResult({ preview }: { preview: IntentsPreview }) {
  const sim = preview.simulation;
  const changes = sim?.ok ? sim.balanceChanges.filter((c) => c.accountId === preview.accountId) : [];
  const lines = changes.length > 0 ? changes.map((c) => c.text) : preview.intents.flatMap((i) => i.lines);
  return (
    <section class="group review-result" aria-label="Result" data-testid="review-result">
      <ul class="plain changes">
        {lines.map((line, i) => (
          <li key={i} class={line.startsWith('-') ? 'out' : line.startsWith('+') ? 'in' : undefined}>
            <strong>
              <Shown text={line} />
            </strong>
          </li>
        ))}
      </ul>
      {(preview.recipients ?? []).map((r) => (
        <p key={r.accountId} data-testid="review-recipient" data-fact={r.fact} data-contact={r.contact}>
          To{' '}
          {r.contact ? (
            <strong>
              <Shown text={`${r.contact} (saved contact)`} />{' '}
            </strong>
          ) : null}
          <Shown text={r.accountId} />: {RECIPIENT_FACT_TEXT[r.fact]}
        </p>
      ))}
    </section>
  );
}
