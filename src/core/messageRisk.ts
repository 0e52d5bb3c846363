/**
 * Risk findings for a NEP-413 message a web page asks to sign (docs/security.md, "Messages for another
 * site"). The signature is bound to its recipient (and callback URL), and a site that checks a sign-in
 * accepts any signature over its own recipient, whoever asked for it: a page that gets the user to sign
 * a message for another site can sign in there as the user. So a recipient that is not the asking site
 * (./site, the registrable domain), or names no web site at all, is danger, and so is a callback URL on
 * another site. Both sites are named, in the browser's ASCII form (no look-alike letters).
 */
import { phrase } from './phrase';
import type { RiskFinding } from './risk';
import { siteNamed, siteOf } from './site';

export interface MessageAsk {
  /** The asking page's origin, as the browser reported it. */
  origin: string;
  recipient: string;
  callbackUrl: string | null;
}

export function assessMessage(m: MessageAsk): RiskFinding[] {
  const asker = siteOf(m.origin);
  const findings: RiskFinding[] = [];
  const recipient = siteNamed(m.recipient);
  if (recipient !== asker) {
    findings.push({
      level: 'danger',
      code: 'recipient_other_site',
      words:
        recipient === null
          ? phrase('risk_recipientNotASite', m.recipient, asker)
          : phrase('risk_recipientOtherSite', recipient, asker),
    });
  }
  if (m.callbackUrl) {
    const callback = siteNamed(m.callbackUrl);
    if (callback !== asker) {
      findings.push({
        level: 'danger',
        code: 'callback_other_site',
        words:
          callback === null ? phrase('risk_callbackNoSite', asker) : phrase('risk_callbackOtherSite', callback, asker),
      });
    }
  }
  return findings;
}
