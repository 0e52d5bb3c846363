// One pending request: header, the body for its kind, and the action bar (risk acknowledgement, the
// Confirm delay, Confirm once, Reject). Mounted with key={view.id}, so every new request starts fresh;
// within one request, the delay and the tick start again whenever what Confirm would act on changes
// (view confirmSubject), e.g. when an unlock inside the window first shows it.
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ApprovalView, ResolveParams } from '../../api/approvalApi';
import { errorText } from '../../core/errorText';
import { Checkbox } from '../components/Field';
import { ErrorAlert } from '../components/Notice';
import { t } from '../i18n';
import { wallet } from '../wallet';
import { ConnectBody } from './ConnectBody';
import { Header } from './Header';
import { IntentsBody } from './IntentsBody';
import { MessageBody } from './MessageBody';
import { UnlockForm } from './UnlockForm';
import { useFocusGate } from './useFocusGate';
import { confirmHold, confirmLabel, confirmSubject, deadlineView, riskGate } from './view';

interface RequestProps {
  view: ApprovalView;
  now: number;
  /** Sends the answer; resolves to the background's error message, or null once it was accepted. */
  resolve(params: ResolveParams): Promise<string | null>;
  rejectAll(origin: string): Promise<string | null>;
  /** Ask the background again (after an unlock). */
  refresh(): void;
}

export function Request({ view, now, resolve, rejectAll, refresh }: RequestProps) {
  const gate = useMemo(() => riskGate(view), [view]);
  const subject = useMemo(() => confirmSubject(view), [view]);
  const focus = useFocusGate(subject);
  // The tick is for what was shown when it was given: a changed subject needs it again.
  const [ackFor, setAckFor] = useState<string | null>(null);
  const acknowledged = ackFor === subject;
  const [busy, setBusy] = useState<'confirm' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const spent = useRef(false); // set synchronously: a double click cannot send twice
  const hintId = useId();

  // connect: the accounts ticked; null until the user touches them (then the default applies).
  const [picked, setPicked] = useState<string[] | null>(null);
  const [preferred, setPreferred] = useState<string | null>(null);
  const accounts = view.accounts ?? [];
  const isConnect = view.kind === 'connect' && !view.locked;
  useEffect(() => {
    if (!isConnect) return;
    let live = true;
    wallet.status().then(
      (s) => live && setPreferred(s.selectedAccountId),
      () => undefined, // the first account stays the default
    );
    return () => {
      live = false;
    };
  }, [isConnect]);
  const fallback = accounts.find((a) => a.accountId === preferred) ?? accounts[0];
  const selected = picked ?? (fallback ? [fallback.accountId] : []);

  const hold = confirmHold({
    kind: view.kind,
    gate,
    acknowledged,
    selectedAccounts: selected.length,
    focused: focus.focused,
    readyInMs: focus.readyInMs,
    expired: view.intents !== undefined && deadlineView(view.intents.deadline, now).expired,
  });
  const canConfirm = !view.locked && hold === null && busy === null;

  const answer = async (approve: boolean) => {
    if (spent.current) return;
    spent.current = true;
    setBusy(approve ? 'confirm' : 'reject');
    setError(null);
    const params: ResolveParams = { id: view.id, approve };
    if (approve && view.kind === 'connect') params.accounts = selected;
    if (approve && gate.needsAck) params.acknowledgeDanger = true;
    // A passkey account's request: the authenticator signs the challenge of the payload shown, after Confirm.
    if (approve && view.intents?.passkey) {
      try {
        params.passkey = await (await import('../passkey')).askPasskey(view.intents.passkey);
      } catch (e) {
        spent.current = false;
        setBusy(null);
        setError(errorText(e));
        return;
      }
    }
    const refused = await resolve(params);
    if (refused === null) return; // the next request (or none) replaces this one
    spent.current = false;
    setBusy(null);
    setError(refused);
    focus.reset(); // a second try waits the full delay again
  };

  const confirm = () => {
    if (canConfirm) void answer(true);
  };

  const onRejectAll = async () => {
    if (spent.current) return;
    spent.current = true;
    setBusy('reject');
    const refused = await rejectAll(view.origin.origin);
    if (refused === null) return;
    spent.current = false;
    setBusy(null);
    setError(refused);
  };

  // The first request is in the window (committed; its paint follows) and its Confirm delay is counting
  // (useFocusGate's layout effect ran before this one): the bench times a dApp's request to this mark
  // (docs/architecture.md, "Budgets"). Confirm itself unlocks CONFIRM_DELAY_MS later, on purpose, so that
  // moment would time the delay, not the wallet.
  useLayoutEffect(() => {
    if (!view.locked && performance.getEntriesByName('approval-ready').length === 0) performance.mark('approval-ready');
  }, [view.locked]);

  // Escape rejects; Enter never confirms (the Confirm button swallows it, see below).
  const reject = useRef(() => void answer(false));
  reject.current = () => void answer(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.repeat) return;
      e.preventDefault();
      reject.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  let body: ComponentChildren;
  if (view.locked) body = <UnlockForm onUnlocked={refresh} />;
  else if (view.kind === 'connect')
    body = <ConnectBody host={view.origin.host} accounts={accounts} selected={selected} onSelected={setPicked} />;
  else if (view.kind === 'signMessage' && view.message)
    body = <MessageBody message={view.message} origin={view.origin} />;
  else if (view.intents)
    body = <IntentsBody preview={view.intents} publish={view.kind === 'publishIntents'} now={now} />;
  else body = <p class="alert">{t('approve_noDetails')}</p>;

  const label = confirmLabel(view.kind);
  return (
    <div class="request">
      <Header view={view} busy={busy !== null} onRejectAll={() => void onRejectAll()} />
      {body}
      <footer class="req-actions">
        {gate.blocked && (
          <p class="alert" role="alert" data-testid="approval-blocked">
            <strong>{t('approve_blocked')}</strong> {gate.blocked}
          </p>
        )}
        {!view.locked && gate.needsAck && (
          <div class="ack">
            <Checkbox
              label={t('approve_ackRisk')}
              checked={acknowledged}
              onChecked={(on) => setAckFor(on ? subject : null)}
              testid="approval-ack-danger"
            />
          </div>
        )}
        <ErrorAlert message={error} testid="approval-error" />
        {!view.locked && (
          <p class="hint confirm-hint" id={hintId} data-testid="approval-confirm-hint">
            {busy === null ? hold : ''}
          </p>
        )}
        <div class="actions">
          <button
            type="button"
            class="danger"
            disabled={busy !== null}
            onClick={() => void answer(false)}
            data-testid="approval-reject"
          >
            {busy === 'reject' ? t('approve_rejecting') : t('approve_reject')}
          </button>
          {!view.locked && (
            <button
              type="button"
              class={gate.needsAck ? 'primary risky' : 'primary'}
              disabled={!canConfirm}
              aria-describedby={hintId}
              onClick={confirm}
              // Enter on a focused button would click it: a stray Enter must never approve.
              onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
              data-testid="approval-confirm"
            >
              {busy === 'confirm' ? label.busy : label.idle}
            </button>
          )}
        </div>
      </footer>
    </div>
  );
}
