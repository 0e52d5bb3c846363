// The approval window: asks the background for the request at the head of the queue (on load, on focus
// and every second), shows it, and after each answer shows the next one or closes when none is left.
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ApprovalView, ResolveParams } from '../../api/approvalApi';
import { ErrorAlert, StatusLine } from '../components/Notice';
import { t } from '../i18n';
import { said } from '../phrase';
import { messageOf } from '../wallet';
import { approvals } from './client';
import { Request } from './Request';
import { kindLabel } from './view';
import './approve.css';

const POLL_MS = 1000;
/** How long "No pending requests" stays before the window closes itself. */
const CLOSE_AFTER_MS = 1200;

interface ApprovalAppProps {
  /** The request the window is drawn with (../early, ./client firstView); undefined: not known yet. */
  first?: ApprovalView | null | undefined;
}

export function ApprovalApp({ first }: ApprovalAppProps) {
  // undefined: not asked yet; null: nothing waiting.
  const [view, setView] = useState<ApprovalView | null | undefined>(first);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** Why the last confirmed request ended without a signature (kept until the user closes the window). */
  const [refused, setRefused] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const latest = useRef(0); // only the newest answer is shown (answers can overtake each other)
  const inFlight = useRef(0);
  const resolving = useRef(false);

  const refresh = useCallback(async (fromPoll = false) => {
    if (fromPoll && (inFlight.current > 0 || resolving.current)) return;
    const seq = ++latest.current;
    inFlight.current++;
    try {
      const next = await approvals.current();
      if (seq !== latest.current || resolving.current) return;
      setView(next);
      setLoadError(null);
    } catch (err) {
      if (seq === latest.current) setLoadError(messageOf(err));
    } finally {
      inFlight.current--;
      setNow(Date.now());
    }
  }, []);

  // Drawn without a first request (it was late): ask now, in a layout effect so no frame is lost.
  useLayoutEffect(() => {
    if (first === undefined) void refresh();
    const timer = setInterval(() => void refresh(true), POLL_MS);
    const onFocus = () => void refresh();
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  // Nothing waiting: say so, then close (unless a request arrives meanwhile).
  const empty = view === null;
  useEffect(() => {
    if (!empty || refused !== null) return;
    const timer = setTimeout(() => window.close(), CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [empty, refused]);

  useEffect(() => {
    document.title = view ? t('approve_titleOf', kindLabel(view.kind), view.origin.host) : t('approve_title');
  }, [view?.kind, view?.origin.host]);

  const settle = useCallback(
    async (task: () => Promise<void>): Promise<string | null> => {
      resolving.current = true;
      try {
        await task();
        return null;
      } catch (err) {
        return messageOf(err);
      } finally {
        resolving.current = false;
        void refresh();
      }
    },
    [refresh],
  );
  const resolve = useCallback(
    (params: ResolveParams) =>
      settle(async () => {
        const out = await approvals.resolve(params);
        setRefused(out ? (out.words ? said(out.words) : '') || out.refused : null);
      }),
    [settle],
  );
  const rejectAll = useCallback((origin: string) => settle(() => approvals.rejectAll(origin)), [settle]);

  let body: ComponentChildren;
  if (view) {
    body = (
      <Request
        key={view.id}
        view={view}
        now={now}
        resolve={resolve}
        rejectAll={rejectAll}
        refresh={() => void refresh()}
      />
    );
  } else if (view === null && refused !== null) {
    body = (
      <button type="button" class="primary" data-testid="approval-close" onClick={() => window.close()}>
        {t('common_close')}
      </button>
    );
  } else if (view === null) {
    body = (
      <p class="empty" data-testid="approval-empty">
        {t('approve_empty')}
      </p>
    );
  } else if (!loadError) {
    body = <StatusLine testid="approval-loading">{t('common_loading')}</StatusLine>;
  }

  return (
    <main class="approve">
      {loadError && <ErrorAlert message={t('popup_noAnswer', loadError)} testid="approval-load-error" />}
      {refused && (
        <ErrorAlert
          message={view ? t('approve_previousNotSigned', refused) : t('approve_notSigned', refused)}
          testid="approval-refused"
        />
      )}
      {body}
    </main>
  );
}
