// Who is asking: the site's host exactly as the browser reported it, large (an internationalised name
// in its `xn--` form, which look-alike letters cannot imitate), the decoded form beneath it and flagged
// (Unicode TR 36 §2, TR 39), plain http flagged, the network the request is for (named from the verifier:
// docs/security.md, "Networks"), and the queue (how many wait, reject all from this site).
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ApprovalView } from '../../api/approvalApi';
import { t } from '../i18n';
import { Placed, SLOT } from './Placed';
import { Shown } from './Shown';
import { kindLabel, originHeading } from './view';

interface HeaderProps {
  view: ApprovalView;
  busy: boolean;
  onRejectAll(): void;
}

/**
 * What the network means for this signature. A signed message names no verifier, and the account's keys
 * are the same on every network, so off Mainnet it is valid on Mainnet too (docs/security.md, "Networks"):
 * it is never "valid only" on the simulator.
 */
function networkNote(view: ApprovalView): string {
  if (view.network.id === 'mainnet') return ` ${t('approve_realFunds')}`;
  if (view.kind === 'signMessage') return ` ${t('approve_messageEveryNetwork')}`;
  return view.network.id === 'local' ? ` ${t('approve_simulatorOnly')}` : '';
}

export function Header({ view, busy, onRejectAll }: HeaderProps) {
  const { origin } = view;
  const heading = originHeading(origin);
  const title = useRef<HTMLHeadingElement>(null);
  // Each new request (and the request after an unlock) starts reading at the site's name, never at Confirm.
  // The heading is at the top: no scroll is needed, so focusing it does not force a layout before the
  // window's first frame lays it out.
  useLayoutEffect(() => title.current?.focus({ preventScroll: true }), [view.locked]);

  return (
    <header class="req-head">
      <p class="req-kind" data-testid="approval-kind" data-kind={view.kind}>
        {kindLabel(view.kind)}
      </p>
      <h1 class="req-origin" tabIndex={-1} ref={title} data-testid="approval-origin" title={origin.origin}>
        {heading.heading}
      </h1>
      <p class="mono req-full-origin">
        <Shown text={origin.origin} />
      </p>
      <p class={`req-network net-${view.network.id}`} data-testid="approval-network" data-network={view.network.id}>
        {t('bar_network')} <strong>{view.network.label}</strong>
        {networkNote(view)}
      </p>
      {heading.idn === 'idn' && (
        <div class="flag bad" role="note" data-testid="approval-punycode-flag" data-idn="idn">
          <strong>
            <Placed text={t('approve_idnLooksLike', SLOT)}>
              <bdi class="idn" data-testid="approval-unicode-host">
                {heading.unicode}
              </bdi>
            </Placed>
          </strong>
          <p>
            <Placed text={t('approve_idnRealAddress', SLOT)}>
              <code>{heading.heading}</code>
            </Placed>
          </p>
        </div>
      )}
      {heading.idn === 'invalid' && (
        <div class="flag bad" role="note" data-testid="approval-punycode-flag" data-idn="invalid">
          <strong>{t('approve_idnInvalid')}</strong>
          <p>{t('approve_idnInvalidHint')}</p>
        </div>
      )}
      {origin.insecure && (
        <div class="flag warn" role="note" data-testid="approval-insecure-flag">
          <strong>{t('approve_insecure')}</strong> {t('approve_insecureHint')}
        </div>
      )}
      {view.waiting > 1 && (
        <div class="req-queue">
          <span data-testid="approval-waiting">{t('approve_waiting', String(view.waiting))}</span>
          <button type="button" class="link" disabled={busy} onClick={onRejectAll} data-testid="approval-reject-all">
            {t('approve_rejectAll')}
          </button>
        </div>
      )}
    </header>
  );
}
