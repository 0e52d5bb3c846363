/**
 * Risk findings for a NEP-413 message a web page asks to sign (docs/security.md, "Messages for another
 * site"). The signature is bound to its recipient (and callback URL), and a site that checks a sign-in
 * accepts any signature over its own recipient, whoever asked for it: a page that gets the user to sign
 * a message for another site can sign in there as the user. So a recipient that is not the asking site
 * (./site, the registrable domain), or names no web site at all, is danger, and so is a callback URL on
 * another site. Both sites are named, in the browser's ASCII form (no look-alike letters).
 */
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
      message:
        recipient === null
          ? `Addressed to “${m.recipient}”, which is not ${asker}, the site asking: whoever checks signatures for “${m.recipient}” would take this one as yours.`
          : `Addressed to ${recipient}, but ${asker} is asking: ${asker} could use this signature to sign in to ${recipient} as you.`,
    });
  }
  if (m.callbackUrl) {
    const callback = siteNamed(m.callbackUrl);
    if (callback !== asker) {
      findings.push({
        level: 'danger',
        code: 'callback_other_site',
        message: `The callback URL is ${callback === null ? 'on no web site' : `on ${callback}`}, not on ${asker}, the site asking: it is signed too, and a site that checks it would take this signature as meant for it.`,
      });
    }
  }
  return findings;
}
