// The approval window's pure rules: what blocks Confirm, what needs the danger tick, the focus delay,
// and deadline words.
import { describe, expect, it } from 'vitest';
import type { ApprovalView, FindingView, IntentsPreview, MessagePreview } from '../../../src/api/approvalApi';
import { phrase } from '../../../src/core/phrase';
import { originView } from '../../../src/ui/approve/origin';
import {
  CONFIRM_DELAY_MS,
  confirmHold,
  confirmSubject,
  deadlineView,
  HIDDEN_CHARACTERS_FINDING,
  type HoldInput,
  highestLevel,
  intentCount,
  intentLabel,
  isApprovalViewWire,
  messageFindings,
  originHeading,
  remainingMs,
  riskGate,
  shownBatchFindings,
  trackFocus,
  visibleParts,
} from '../../../src/ui/approve/view';
import { said } from '../../../src/ui/phrase';

const finding = (level: FindingView['level'], reason = `${level} finding`): FindingView => ({
  level,
  code: level,
  words: phrase('risk_nonceInvalid', reason),
});

function preview(over: Partial<IntentsPreview> = {}): IntentsPreview {
  return {
    accountId: 'alice.near',
    verifier: 'intents.near',
    deadline: '2026-01-01T00:05:00.000Z',
    nonceKind: 'versioned',
    standard: 'nep413',
    intents: [{ type: 'token_diff', lines: ['Give 1 wNEAR', 'Receive 2.3 USDT'], findings: [] }],
    changes: [],
    batchFindings: [],
    level: null,
    simulation: null,
    quoteHashes: [],
    raw: '{}',
    ...over,
  };
}

function view(over: Partial<ApprovalView> = {}): ApprovalView {
  return {
    id: 'a1',
    kind: 'signIntents',
    origin: { origin: 'https://app.example', host: 'app.example', punycode: false, insecure: false },
    createdAt: 0,
    waiting: 1,
    locked: false,
    intents: preview(),
    blocked: null,
    network: { id: 'mainnet', label: 'Mainnet', verifierId: 'intents.near' },
    ...over,
  };
}

describe('riskGate', () => {
  it('lets a clean request through without a tick', () => {
    expect(riskGate(view())).toEqual({ blocked: null, needsAck: false });
  });
  it('blocks on the background’s reason', () => {
    expect(riskGate(view({ blocked: 'Key management from a web page' }))).toEqual({
      blocked: 'Key management from a web page',
      needsAck: false,
    });
  });
  it('blocks on a forbidden finding even when the background left `blocked` and `level` empty', () => {
    const intents = preview({
      intents: [{ type: 'transfer', lines: [], findings: [finding('forbidden', 'Transfer to self.')] }],
    });
    expect(riskGate(view({ intents }))).toEqual({ blocked: 'Transfer to self.', needsAck: false });
    expect(riskGate(view({ intents: preview({ level: 'forbidden' }) })).blocked).toBe('A forbidden risk was found.');
  });
  it('asks for the tick on danger, from the level or any finding', () => {
    expect(riskGate(view({ intents: preview({ level: 'danger' }) })).needsAck).toBe(true);
    expect(riskGate(view({ intents: preview({ batchFindings: [finding('danger')] }) })).needsAck).toBe(true);
    expect(
      riskGate(view({ intents: preview({ batchFindings: [finding('warning'), finding('info')] }) })).needsAck,
    ).toBe(false);
  });
  it('forbidden wins over danger (no tick can unblock it)', () => {
    const g = riskGate(view({ intents: preview({ batchFindings: [finding('danger'), finding('forbidden', 'No.')] }) }));
    expect(g).toEqual({ blocked: 'No.', needsAck: false });
  });
  it('treats a message to the verifier as danger', () => {
    const message = {
      accountId: 'alice.near',
      message: 'hi',
      recipient: 'intents.near',
      callbackUrl: null,
      nonce: 'AA==',
      recipientIsVerifier: true,
      findings: [],
    };
    expect(riskGate(view({ kind: 'signMessage', intents: undefined, message })).needsAck).toBe(true);
    const own = { ...message, recipient: 'app.example', recipientIsVerifier: false };
    expect(riskGate(view({ kind: 'signMessage', intents: undefined, message: own })).needsAck).toBe(false);
  });
  it('asks for the tick on a message for another site: the background’s finding, or the window’s own check', () => {
    const message: MessagePreview = {
      accountId: 'alice.near',
      message: 'Sign in',
      recipient: 'app.example',
      callbackUrl: null,
      nonce: 'AA==',
      recipientIsVerifier: false,
      findings: [],
    };
    const signMessage = (m: MessagePreview) => view({ kind: 'signMessage', intents: undefined, message: m });
    // The background said danger (a rule the window may not know): the tick.
    expect(riskGate(signMessage({ ...message, findings: [finding('danger')] })).needsAck).toBe(true);
    // The background said nothing, but the recipient is another site: the window's own check asks for it.
    expect(riskGate(signMessage({ ...message, recipient: 'near-intents.org' })).needsAck).toBe(true);
    expect(riskGate(signMessage({ ...message, callbackUrl: 'https://near-intents.org/cb' })).needsAck).toBe(true);
    // Said by both: shown once.
    const both = messageFindings(
      {
        ...message,
        recipient: 'near-intents.org',
        findings: [
          { level: 'danger', code: 'recipient_other_site', words: phrase('risk_nonceInvalid', 'from the background') },
        ],
      },
      'https://app.example',
    );
    expect(both).toEqual([
      { level: 'danger', code: 'recipient_other_site', words: phrase('risk_nonceInvalid', 'from the background') },
    ]);
    const own = messageFindings({ ...message, recipient: 'near-intents.org' }, 'https://app.example');
    expect(own.map((f) => f.code)).toEqual(['recipient_other_site']);
    expect(said(own[0]!.words)).toMatch(/Addressed to near-intents\.org, but app\.example is asking/);
  });
});

describe('confirmSubject: what restarts the Confirm delay', () => {
  const subject = (over: Partial<ApprovalView> = {}) => confirmSubject(view(over));
  it('changes when the request is first shown after an unlock, for every kind', () => {
    for (const kind of ['connect', 'signMessage', 'signIntents', 'publishIntents'] as const) {
      expect(subject({ kind, locked: true }), kind).not.toBe(subject({ kind, locked: false }));
    }
  });
  it('changes with another request, a changed payload, preview, finding or block', () => {
    const base = subject();
    expect(subject({ id: 'a2' })).not.toBe(base);
    expect(subject({ intents: preview({ raw: '{"changed":true}' }) })).not.toBe(base);
    expect(subject({ intents: preview({ simulation: { ok: false, error: 'x' } }) })).not.toBe(base);
    expect(subject({ intents: preview({ batchFindings: [finding('danger')] }) })).not.toBe(base);
    expect(subject({ blocked: 'No.' })).not.toBe(base);
    const message: MessagePreview = {
      accountId: 'alice.near',
      message: 'hi',
      recipient: 'app.example',
      callbackUrl: null,
      nonce: 'AA==',
      recipientIsVerifier: false,
      findings: [],
    };
    expect(subject({ kind: 'signMessage', intents: undefined, message })).not.toBe(
      subject({ kind: 'signMessage', intents: undefined, message: { ...message, message: 'hi!' } }),
    );
  });
  it('stays the same for a fresh copy of the same view, another count of waiting requests, or the accounts a connect offers', () => {
    expect(subject()).toBe(confirmSubject(structuredClone(view())));
    expect(subject({ waiting: 5 })).toBe(subject({ waiting: 1 }));
    const account = { accountId: 'alice.near', label: 'Main', kind: 'named' as const, publicKeys: ['ed25519:pk'] };
    expect(subject({ kind: 'connect', intents: undefined, accounts: [account] })).toBe(
      subject({ kind: 'connect', intents: undefined, accounts: [account, { ...account, accountId: 'bob.near' }] }),
    );
  });
});

describe('confirmHold', () => {
  const ready: HoldInput = {
    kind: 'signIntents',
    gate: { blocked: null, needsAck: false },
    acknowledged: false,
    selectedAccounts: 0,
    focused: true,
    readyInMs: 0,
  };
  it('is null when everything allows Confirm', () => {
    expect(confirmHold(ready)).toBeNull();
    expect(confirmHold({ ...ready, kind: 'connect', selectedAccounts: 1 })).toBeNull();
    expect(confirmHold({ ...ready, gate: { blocked: null, needsAck: true }, acknowledged: true })).toBeNull();
  });
  it('says why not, most important reason first', () => {
    expect(confirmHold({ ...ready, gate: { blocked: 'x', needsAck: false }, focused: false })).toBe(
      'This request cannot be approved.',
    );
    expect(confirmHold({ ...ready, kind: 'connect' })).toBe('Choose at least one account.');
    expect(confirmHold({ ...ready, gate: { blocked: null, needsAck: true } })).toMatch(/I understand the risk/);
    expect(confirmHold({ ...ready, focused: false, readyInMs: 800 })).toMatch(/Click inside this window/);
    expect(confirmHold({ ...ready, readyInMs: 550 })).toBe('Confirm is enabled in 0.6 s.');
    expect(confirmHold({ ...ready, readyInMs: 1 })).toBe('Confirm is enabled in 0.1 s.');
    expect(confirmHold({ ...ready, expired: true })).toMatch(/deadline has passed.*new quote/);
    expect(confirmHold({ ...ready, expired: false })).toBeNull();
  });
});

describe('the focus delay', () => {
  it('counts from the moment the window became focused and starts again after any break', () => {
    let since = trackFocus(null, true, 1000);
    expect(since).toBe(1000);
    since = trackFocus(since, true, 1500);
    expect(since).toBe(1000);
    expect(remainingMs(since, 1500)).toBe(CONFIRM_DELAY_MS - 500);
    expect(remainingMs(since, 1000 + CONFIRM_DELAY_MS)).toBe(0);
    since = trackFocus(since, false, 1900); // blur: back to the full delay
    expect(since).toBeNull();
    expect(remainingMs(since, 1900)).toBe(CONFIRM_DELAY_MS);
    since = trackFocus(since, true, 2000);
    expect(remainingMs(since, 2500)).toBe(CONFIRM_DELAY_MS - 500);
  });
});

describe('deadline words', () => {
  const now = Date.parse('2026-01-01T00:00:00.000Z');
  it('reads RFC 3339 deadlines and says when they have passed', () => {
    expect(deadlineView('2026-01-01T00:04:30.000Z', now)).toEqual({
      ms: now + 270_000,
      relative: 'in 4 minutes',
      expired: false,
    });
    expect(deadlineView('2025-12-31T23:58:00Z', now)).toEqual({
      ms: now - 120_000,
      relative: 'expired 2 minutes ago',
      expired: true,
    });
    expect(deadlineView('soon', now)).toEqual({ ms: null, relative: 'soon', expired: false });
  });
});

describe('labels and shape', () => {
  it('names intents and counts', () => {
    expect(intentLabel('token_diff')).toBe('Swap (token diff)');
    expect(intentLabel('something_new')).toBe('something_new');
    expect(intentCount(1)).toBe('1 intent');
    expect(intentCount(3)).toBe('3 intents');
    expect(highestLevel([null, 'info', 'danger', 'warning'])).toBe('danger');
    expect(highestLevel([])).toBeNull();
  });
  it('accepts an approval view and refuses junk', () => {
    const wire = { ...view(), origin: 'https://app.example' };
    expect(isApprovalViewWire(wire)).toBe(true);
    expect(isApprovalViewWire(null)).toBe(false);
    expect(isApprovalViewWire({ ...wire, kind: 'transfer' })).toBe(false);
    expect(isApprovalViewWire(view())).toBe(false); // the origin comes as the browser's string
    expect(isApprovalViewWire({ ...wire, id: 1 })).toBe(false);
    // The network the request is for is part of what the window shows: without it, nothing is drawn.
    const { network: _network, ...withoutNetwork } = wire;
    expect(isApprovalViewWire(withoutNetwork)).toBe(false);
    expect(isApprovalViewWire({ ...wire, network: { id: 'mainnet', label: 'Mainnet' } })).toBe(false);
  });
});

describe('the heading: who is asking', () => {
  it('shows the raw xn-- host of an IDN homograph large, the decoded look-alike beneath and flagged', () => {
    const h = originHeading(originView('https://xn--80ak6aa92e.com'));
    expect(h).toEqual({ heading: 'xn--80ak6aa92e.com', unicode: 'аррӏе.com', idn: 'idn' });
    expect(h.heading).not.toContain('аррӏе');
  });

  it('never decodes an invalid label: raw heading, flagged as invalid, no Unicode form', () => {
    expect(originHeading(originView('https://xn--abc-.example'))).toEqual({
      heading: 'xn--abc-.example',
      unicode: null,
      idn: 'invalid',
    });
  });

  it('shows a plain host as it is, without a flag', () => {
    expect(originHeading(originView('https://app.example:8443'))).toEqual({
      heading: 'app.example:8443',
      unicode: null,
      idn: 'none',
    });
  });

  it('escapes hidden characters even in what the background sends as the host', () => {
    const h = originHeading({
      origin: 'x',
      host: 'a\u202Eb',
      unicodeHost: 'c\u200Bd',
      punycode: true,
      insecure: false,
    });
    expect(h).toEqual({ heading: 'a\\u202Eb', unicode: 'c\\u200Bd', idn: 'idn' });
  });
});

describe('hidden characters in page text', () => {
  const message: MessagePreview = {
    accountId: 'alice.near',
    message: 'Sign in\nto app',
    recipient: 'app.example',
    callbackUrl: null,
    nonce: 'AA==',
    recipientIsVerifier: false,
    findings: [],
  };

  it.each([
    ['message', { message: 'pay \u202Ebob' }],
    ['recipient', { recipient: 'app.example\u200B' }],
    ['callback URL', { callbackUrl: 'https://app.example/\u2066cb' }],
    ['nonce', { nonce: 'AA\uFEFF==' }],
  ])('warns when the %s holds one', (_, over) => {
    expect(messageFindings({ ...message, ...over }, 'https://app.example')).toEqual([HIDDEN_CHARACTERS_FINDING]);
  });

  it('does not warn for ordinary multi-line text', () => {
    expect(messageFindings(message, 'https://app.example')).toEqual([]);
  });

  it('adds the warning to an intents preview whose payload holds one, once', () => {
    const withHidden = preview({ raw: '{"memo":"\u2067x"}' });
    expect(shownBatchFindings(withHidden)).toEqual([HIDDEN_CHARACTERS_FINDING]);
    const alreadySaid = preview({
      raw: '{"memo":"\u2067x"}',
      intents: [{ type: 'transfer', lines: [], findings: [HIDDEN_CHARACTERS_FINDING] }],
    });
    expect(shownBatchFindings(alreadySaid)).toEqual([]);
    expect(shownBatchFindings(preview())).toEqual([]);
  });

  it('cuts shown text into plain runs and visible escapes', () => {
    expect(visibleParts('pay \u202Ebob\u{E0041}')).toEqual([
      { text: 'pay ', escape: false },
      { text: '\\u202E', escape: true },
      { text: 'bob', escape: false },
      { text: '\\u{E0041}', escape: true },
    ]);
    expect(visibleParts('a\nb', true)).toEqual([{ text: 'a\nb', escape: false }]);
    expect(visibleParts('a\nb')).toEqual([
      { text: 'a', escape: false },
      { text: '\\u000A', escape: true },
      { text: 'b', escape: false },
    ]);
    expect(visibleParts('')).toEqual([{ text: '', escape: false }]);
  });
});
