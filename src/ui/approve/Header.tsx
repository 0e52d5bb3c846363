// Who is asking: the site's host, large, with flags for look-alike (punycode) and insecure addresses,
// and the queue (how many wait, reject all from this site).
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ApprovalView } from '../../provider/approvalApi';
import { KIND_LABEL } from './view';

interface HeaderProps {
  view: ApprovalView;
  busy: boolean;
  onRejectAll(): void;
}

export function Header({ view, busy, onRejectAll }: HeaderProps) {
  const { origin } = view;
  const title = useRef<HTMLHeadingElement>(null);
  // Each new request (and the request after an unlock) starts reading at the site's name, never at Confirm.
  useLayoutEffect(() => title.current?.focus(), [view.locked]);

  return (
    <header class="req-head">
      <p class="req-kind" data-testid="approval-kind" data-kind={view.kind}>
        {KIND_LABEL[view.kind]}
      </p>
      <h1 class="req-origin" tabIndex={-1} ref={title} data-testid="approval-origin" title={origin.origin}>
        {origin.host}
      </h1>
      <p class="mono req-full-origin">{origin.origin}</p>
      {origin.punycode && (
        <div class="flag bad" role="note" data-testid="approval-punycode-flag">
          <strong>This address uses international characters; check it is the site you meant.</strong>
          <p>
            Shown as <b>{origin.host}</b>, its real address is <code>{origin.origin}</code>. Look-alike letters are a
            common phishing trick.
          </p>
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
