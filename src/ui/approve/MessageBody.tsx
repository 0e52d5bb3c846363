// signMessage (NEP-413): every field that is signed, the message exactly as it is, except that hidden
// characters are shown as escapes (with a warning), never as they are.
import type { MessagePreview } from '../../provider/approvalApi';
import { Findings } from './Findings';
import { Shown } from './Shown';
import { messageFindings } from './view';

export function MessageBody({ message }: { message: MessagePreview }) {
  return (
    <section class="req-body" aria-label="Message">
      <h2>Sign this message?</h2>
      {message.recipientIsVerifier && (
        <div class="flag bad" role="alert" data-testid="approval-verifier-warning">
          <strong>This message is addressed to the intents verifier: it may move funds like an intent.</strong>
          <p>Sign it only if you expected this site to trade or move tokens for you.</p>
        </div>
      )}
      <Findings findings={messageFindings(message)} />
      <dl class="facts">
        <dt>Account</dt>
        <dd class="mono">
          <Shown text={message.accountId} />
        </dd>
        <dt>Recipient</dt>
        <dd class="mono" data-testid="approval-recipient">
          <Shown text={message.recipient} />
        </dd>
        <dt>Callback URL</dt>
        <dd class="mono">{message.callbackUrl !== null ? <Shown text={message.callbackUrl} /> : <span class="hint">none</span>}</dd>
        <dt>Nonce</dt>
        <dd class="mono">
          <Shown text={message.nonce} />
        </dd>
      </dl>
      <h3>Message</h3>
      <pre class="message" tabIndex={0} data-testid="approval-message">
        <Shown text={message.message} multiline />
      </pre>
    </section>
  );
}
