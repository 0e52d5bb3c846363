// Who is asking: the site's host exactly as the browser reported it, large (an internationalised name
// in its `xn--` form, which look-alike letters cannot imitate), the decoded form beneath it and flagged
// (Unicode TR 36 §2, TR 39), plain http flagged, the network the request is for (named from the verifier:
// docs/security.md, "Networks"), and the queue (how many wait, reject all from this site).
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ApprovalView } from '../../api/approvalApi';
import { Shown } from './Shown';
import { KIND_LABEL, originHeading } from './view';

interface HeaderProps {
  view: ApprovalView;
  busy: boolean;
  onRejectAll(): void;
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
        {KIND_LABEL[view.kind]}
      </p>
      <h1 class="req-origin" tabIndex={-1} ref={title} data-testid="approval-origin" title={origin.origin}>
        {heading.heading}
      </h1>
      <p class="mono req-full-origin">
        <Shown text={origin.origin} />
      </p>
      <p class={`req-network net-${view.network.id}`} data-testid="approval-network" data-network={view.network.id}>
        Network: <strong>{view.network.label}</strong>
        {view.network.id === 'mainnet'
          ? ' (real funds)'
          : view.network.id === 'local'
            ? ' (the simulator: valid only there)'
            : ''}
      </p>
      {heading.idn === 'idn' && (
        <div class="flag bad" role="note" data-testid="approval-punycode-flag" data-idn="idn">
          <strong>
            Looks like{' '}
            <bdi class="idn" data-testid="approval-unicode-host">
              {heading.unicode}
            </bdi>{' '}
            – an internationalised name, check it carefully.
          </strong>
          <p>
            The site's real address is <code>{heading.heading}</code>, shown above. Letters from other alphabets can
            imitate a familiar name: a common phishing trick.
          </p>
        </div>
      )}
      {heading.idn === 'invalid' && (
        <div class="flag bad" role="note" data-testid="approval-punycode-flag" data-idn="invalid">
          <strong>This address has an internationalised part that is not valid; it is shown only as it is.</strong>
          <p>Browsers do not make such names by accident: reject unless you are sure of this site.</p>
        </div>
      )}
      {origin.insecure && (
        <div class="flag warn" role="note" data-testid="approval-insecure-flag">
          <strong>Not a secure connection.</strong> This site is served without https: anyone on its network path could
          change what it asks you to sign.
        </div>
      )}
      {view.waiting > 1 && (
        <div class="req-queue">
          <span data-testid="approval-waiting">{view.waiting} requests waiting</span>
          <button type="button" class="link" disabled={busy} onClick={onRejectAll} data-testid="approval-reject-all">
            Reject all from this site
          </button>
        </div>
      )}
    </header>
  );
}
