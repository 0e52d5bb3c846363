// signIntents / publishIntents, result first: what the account gives and gets with the fee
// (../components/ReviewResult.tsx), from which account until when, the findings, each intent in plain
// words with its risks; then, folded under "Technical details", the full account id, the verifier, the
// nonce and standard, the verifier's check per account, and the exact payload behind a toggle.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { IntentsPreview, SimulationView } from '../../api/approvalApi';
import { networkOfVerifier } from '../../core/network';
import { feeText, Refusal, ReviewResult, signedWords } from '../components/ReviewResult';
import { shortAccount } from '../format';
import { t, uiLocale } from '../i18n';
import { Findings, LevelBadge } from './Findings';
import { Placed, SLOT } from './Placed';
import { Shown } from './Shown';
import { deadlineView, intentCount, intentLabel, nonceText, shownBatchFindings, standardText } from './view';

interface IntentsBodyProps {
  preview: IntentsPreview;
  publish: boolean;
  now: number;
}

const absoluteTime = (ms: number) =>
  new Date(ms).toLocaleString(uiLocale(), { dateStyle: 'medium', timeStyle: 'long' });

export function IntentsBody({ preview, publish, now }: IntentsBodyProps) {
  const [raw, setRaw] = useState(false);
  const deadline = deadlineView(preview.deadline, now);
  const nonce = nonceText(preview.nonceKind);
  const count = preview.intents.length;

  return (
    <section class="req-body" aria-label={t('approve_intentsLabel')}>
      <h2>
        {count === 1 ? t('approve_signCount_one', String(count)) : t('approve_signCount_many', String(count))}
        {preview.level && (
          <>
            {' '}
            <LevelBadge level={preview.level} />
          </>
        )}
      </h2>
      <ReviewResult preview={preview} />
      <dl class="facts">
        <dt>{t('approve_from')}</dt>
        <dd data-testid="approval-account" title={preview.accountId}>
          <Shown text={shortAccount(preview.accountId)} />
        </dd>
        <dt>{preview.quoteHashes.length > 0 ? t('approve_quoteExpires') : t('approve_validUntil')}</dt>
        <dd
          data-testid="approval-deadline"
          data-expired={deadline.expired ? 'true' : undefined}
          class={deadline.expired ? 'bad-text' : undefined}
        >
          <Shown text={deadline.relative} />
          {deadline.ms !== null && <span class="hint"> · {absoluteTime(deadline.ms)}</span>}
        </dd>
      </dl>

      <Findings findings={shownBatchFindings(preview)} />

      <ol class="intents">
        {preview.intents.map((intent, i) => (
          <li key={i} class="intent" data-testid="approval-intent" data-type={intent.type}>
            <h3>
              {count > 1 && <span class="hint">{i + 1}. </span>}
              <Shown text={intentLabel(intent.type)} />
            </h3>
            <ul class="lines">
              {intent.lines.map((line, j) => (
                <li key={j}>
                  <Shown text={line} />
                </li>
              ))}
            </ul>
            <Findings findings={intent.findings} />
          </li>
        ))}
      </ol>

      {publish && (
        <p class="publish" data-testid="approval-publish">
          {publishText(preview.quoteHashes.length)}
        </p>
      )}

      {/* What a person need not read to decide, one click away; the DOM keeps it so a screen reader's find works. */}
      <details class="technical" data-testid="approval-technical">
        <summary>{t('approve_technical')}</summary>
        <dl class="facts">
          <dt>{t('approve_account')}</dt>
          <dd class="mono">
            <Shown text={preview.accountId} />
          </dd>
          <dt>{t('approve_verifier')}</dt>
          <dd class="mono" data-testid="approval-verifier" data-network={networkOfVerifier(preview.verifier)}>
            <Shown text={preview.verifier} />{' '}
            <span class="hint">({t(`net_${networkOfVerifier(preview.verifier)}`)})</span>
          </dd>
          <dt>{t('approve_nonce')}</dt>
          <dd data-testid="approval-nonce-kind" data-kind={preview.nonceKind}>
            {nonce.label}
            {nonce.reason && <span class="hint warn-text"> — {nonce.reason}</span>}
          </dd>
          <dt>{t('approve_standard')}</dt>
          <dd>{standardText(preview.standard)}</dd>
        </dl>
        <Simulation simulation={preview.simulation} />
        <button
          type="button"
          class="link"
          aria-expanded={raw}
          onClick={() => setRaw(!raw)}
          data-testid="approval-raw-toggle"
        >
          {raw ? t('approve_rawHide') : t('approve_rawShow')}
        </button>
        {raw && (
          <>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable) */}
            <pre class="message raw" tabIndex={0} data-testid="approval-raw">
              <Shown text={preview.raw} multiline />
            </pre>
          </>
        )}
      </details>
    </section>
  );
}

/** "Publish to the message bus after signing", with how many solver quotes go with it. */
function publishText(quotes: number): string {
  if (quotes === 0) return t('approve_publish');
  return quotes === 1
    ? t('approve_publishQuotes_one', String(quotes))
    : t('approve_publishQuotes_many', String(quotes));
}

function Simulation({ simulation }: { simulation: SimulationView | null }) {
  let body: ComponentChildren;
  if (simulation === null) {
    body = (
      <p class="warn-text" data-outcome="unavailable">
        {t('approve_simUnavailable')}
      </p>
    );
  } else if (!simulation.ok) {
    body = (
      <p class="bad-text" data-outcome="error">
        <Refusal simulation={simulation} />
      </p>
    );
  } else {
    body = (
      <div data-outcome="ok">
        <p>
          {t(
            'approve_simExecutes',
            intentCount(simulation.executed),
            simulation.feePips === 1
              ? t('approve_pipCount_one', String(simulation.feePips))
              : t('approve_pipCount_many', String(simulation.feePips)),
            feeText(simulation.feePips),
          )}
        </p>
        {simulation.balanceChanges.length > 0 ? (
          <ul class="changes">
            {simulation.balanceChanges.map((c, i) => (
              <li key={i} class={c.text.startsWith('-') ? 'out' : 'in'}>
                <span class="mono" title={c.accountId}>
                  <Shown text={c.accountId} />
                </span>{' '}
                <strong>
                  <Shown text={signedWords(c)} />
                </strong>
              </li>
            ))}
          </ul>
        ) : (
          <p class="hint">{t('approve_noBalanceChanges')}</p>
        )}
        {simulation.unmatched.length > 0 && (
          <p class="warn-text" data-testid="approval-invariant">
            <Placed text={t('approve_invariant', SLOT)}>
              <Shown text={simulation.unmatched.map(signedWords).join(', ')} />
            </Placed>
          </p>
        )}
      </div>
    );
  }
  return (
    <section class="simulation" aria-label={t('approve_simulation')} data-testid="approval-simulation">
      <h3>{t('approve_simulation')}</h3>
      {body}
    </section>
  );
}
