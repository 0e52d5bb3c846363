// The words of a NEP-413 message finding (src/core/messageRisk.ts; docs/security.md, "Messages for another
// site"): which message of the catalogue names the recipient or callback, and the sites it names, for a
// recipient or callback that is another site and for one that is no site at all.
import { describe, expect, it } from 'vitest';
import { assessMessage } from '../../../src/core/messageRisk';

const ask = (recipient: string, callbackUrl: string | null = null) =>
  assessMessage({ origin: 'https://app.evil.example', recipient, callbackUrl });

describe('assessMessage words', () => {
  it('a recipient that is another site names that site and the asking one', () => {
    expect(ask('https://near-intents.org/login')).toEqual([
      {
        level: 'danger',
        code: 'recipient_other_site',
        words: { key: 'risk_recipientOtherSite', subs: ['near-intents.org', 'evil.example'] },
      },
    ]);
  });

  it('a recipient that names no site is quoted as written, beside the asking site', () => {
    expect(ask('My App')).toEqual([
      {
        level: 'danger',
        code: 'recipient_other_site',
        words: { key: 'risk_recipientNotASite', subs: ['My App', 'evil.example'] },
      },
    ]);
  });

  it('a callback on another site names both; one on no site names the asking site', () => {
    expect(ask('evil.example', 'https://near-intents.org/cb')).toEqual([
      {
        level: 'danger',
        code: 'callback_other_site',
        words: { key: 'risk_callbackOtherSite', subs: ['near-intents.org', 'evil.example'] },
      },
    ]);
    expect(ask('evil.example', 'javascript:alert(1)')).toEqual([
      { level: 'danger', code: 'callback_other_site', words: { key: 'risk_callbackNoSite', subs: ['evil.example'] } },
    ]);
  });
});
