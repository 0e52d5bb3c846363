// signIntents / publishIntents, result first: what the account gives and gets with the fee
// (../components/ReviewResult.tsx), from which account until when, the findings, each intent in plain
// words with its risks; then, folded under "Technical details", the full account id, the verifier, the
// nonce and standard, the verifier's check per account, and the exact payload behind a toggle.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { IntentsPreview, SimulationView } from '../../api/approvalApi';
import { NETWORK_NAME, networkOfVerifier } from '../../core/network';
import { feeText, ReviewResult } from '../components/ReviewResult';
import { shortAccount } from '../format';
import { Findings, LevelBadge } from './Findings';
import { Shown } from './Shown';
import { deadlineView, intentLabel, NONCE_TEXT, plural, STANDARD_TEXT, shownBatchFindings } from './view';

interface IntentsBodyProps {
  preview: IntentsPreview;
  publish: boolean;
  now: number;
}

const absoluteTime = (ms: number) => new Date(ms).toLocaleString([], { dateStyle: 'medium', timeStyle: 'long' });

export function IntentsBody({ preview, publish, now }: IntentsBodyProps) {
  const [raw, setRaw] = useState(false);
  const deadline = deadlineView(preview.deadline, now);
  const nonce = NONCE_TEXT[preview.nonceKind];
  const count = preview.intents.length;

  return (
    <section class="req-body" aria-label="Intents">
      <h2>
        Sign {plural(count, 'intent')}
        {preview.level && (
          <>
            {' '}
            <LevelBadge level={preview.level} />
          </>
        )}
      </h2>
      <ReviewResult preview={preview} />
      <dl class="facts">
        <dt>From</dt>
        <dd data-testid="approval-account" title={preview.accountId}>
          <Shown text={shortAccount(preview.accountId)} />
        </dd>
        <dt>{preview.quoteHashes.length > 0 ? 'Quote expires' : 'Valid until'}</dt>
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
          Publish to the message bus after signing
          {preview.quoteHashes.length > 0 && <>, together with {plural(preview.quoteHashes.length, 'solver quote')}</>}.
        </p>
      )}

      {/* What a person need not read to decide, one click away; the DOM keeps it so a screen reader's find works. */}
      <details class="technical" data-testid="approval-technical">
        <summary>Technical details</summary>
        <dl class="facts">
          <dt>Account</dt>
          <dd class="mono">
            <Shown text={preview.accountId} />
          </dd>
          <dt>Verifier</dt>
          <dd class="mono" data-testid="approval-verifier" data-network={networkOfVerifier(preview.verifier)}>
            <Shown text={preview.verifier} />{' '}
            <span class="hint">({NETWORK_NAME[networkOfVerifier(preview.verifier)]})</span>
          </dd>
          <dt>Nonce</dt>
          <dd data-testid="approval-nonce-kind" data-kind={preview.nonceKind}>
            {nonce.label}
            {nonce.reason && <span class="hint warn-text"> — {nonce.reason}</span>}
          </dd>
          <dt>Standard</dt>
          <dd>{STANDARD_TEXT[preview.standard]}</dd>
        </dl>
        <Simulation simulation={preview.simulation} />
        <button
          type="button"
          class="link"
          aria-expanded={raw}
          onClick={() => setRaw(!raw)}
          data-testid="approval-raw-toggle"
        >
          {raw ? 'Hide raw JSON' : 'Show raw JSON'}
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

function Simulation({ simulation }: { simulation: SimulationView | null }) {
  let body: ComponentChildren;
  if (simulation === null) {
    body = (
      <p class="warn-text" data-outcome="unavailable">
        Could not simulate: the verifier did not answer. Check the lines above carefully.
      </p>
    );
  } else if (!simulation.ok) {
    body = (
      <p class="bad-text" data-outcome="error">
        The verifier would refuse this: <Shown text={simulation.error} />
      </p>
    );
  } else {
    body = (
      <div data-outcome="ok">
        <p>
          {plural(simulation.executed, 'intent')} would execute; verifier fee {plural(simulation.feePips, 'pip')} (
          {feeText(simulation.feePips)}).
        </p>
        {simulation.balanceChanges.length > 0 ? (
          <ul class="changes">
            {simulation.balanceChanges.map((c, i) => (
              <li key={i} class={c.text.startsWith('-') ? 'out' : 'in'}>
                <span class="mono" title={c.accountId}>
                  <Shown text={c.accountId} />
                </span>{' '}
                <strong>
                  <Shown text={c.text} />
                </strong>
              </li>
            ))}
          </ul>
        ) : (
          <p class="hint">No balance changes.</p>
        )}
        {simulation.invariantViolated && (
          <p class="warn-text" data-testid="approval-invariant">
            On its own this does not balance (<Shown text={simulation.invariantViolated} />
            ): it needs a counterparty, such as a solver's quote, to settle.
          </p>
        )}
      </div>
    );
  }
  return (
    <section class="simulation" aria-label="Simulation" data-testid="approval-simulation">
      <h3>Simulation</h3>
      {body}
    </section>
  );
}
