import { describe, expect, it } from 'vitest';
import type { PublishedIntentView } from '../../../../src/api/activity';
import { RecipientFacts, recipientsOf, sentTo } from '../../../../src/background/review/recipients';
import { phrase } from '../../../../src/core/phrase';
import { payload } from '../../core/riskFixtures';

const entry = (over: Partial<PublishedIntentView>): PublishedIntentView => ({
  intentHash: 'h',
  accountId: 'alice.near',
  kind: 'send',
  origin: null,
  summary: [phrase('describe_send', '1 wNEAR', 'bob.near')],
  receivers: ['bob.near'],
  createdAt: 0,
  status: 'SETTLED',
  detail: null,
  txHash: null,
  checkedAt: null,
  ...over,
});

describe('recipient facts of the popup’s own reviews', () => {
  it('a settled Send names its receiver exactly; a site’s intent, a failed send or a longer name do not', () => {
    expect(sentTo(entry({}), 'bob.near')).toBe(true);
    expect(sentTo(entry({}), 'ob.near')).toBe(false);
    expect(sentTo(entry({ receivers: ['bob.near.evil.near'] }), 'bob.near')).toBe(false);
    expect(sentTo(entry({ receivers: ['carol.near', 'bob.near'] }), 'bob.near')).toBe(true);
    // The words are never read: only the receivers the record keeps.
    expect(sentTo(entry({ receivers: [] }), 'bob.near')).toBe(false);
    expect(sentTo(entry({ kind: 'dapp' }), 'bob.near')).toBe(false);
    expect(sentTo(entry({ status: 'FAILED' }), 'bob.near')).toBe(false);
    expect(sentTo(entry({ status: 'PENDING' }), 'bob.near')).toBe(false);
  });

  it('own accounts first, then sends of this signer, else first time; a failing read is first time', async () => {
    const facts = new RecipientFacts({
      ownAccounts: () => ['alice.near', 'carol.near'],
      published: async () => [entry({}), entry({ accountId: 'carol.near', receivers: ['dave.near'] })],
    });
    expect(await facts.of('alice.near', 'carol.near')).toBe('own');
    expect(await facts.of('alice.near', 'bob.near')).toBe('sentBefore');
    expect(await facts.of('alice.near', 'dave.near')).toBe('firstTime'); // carol sent to dave, not alice
    const p = payload([
      { intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': '1' } },
      { intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': '2' } },
      { intent: 'transfer', receiver_id: 'deposit.near', tokens: { 'nep141:wrap.near': '3' } },
    ]);
    expect(await recipientsOf((s, r) => facts.knowledge(s, r), p, 'deposit.near')).toEqual([
      { accountId: 'bob.near', fact: 'sentBefore' },
      { accountId: 'deposit.near', fact: 'swapDeposit' },
    ]);
    const broken = new RecipientFacts({
      ownAccounts: () => {
        throw new Error('locked');
      },
      published: async () => [],
    });
    expect(await recipientsOf((s, r) => broken.knowledge(s, r), p, undefined)).toEqual([
      { accountId: 'bob.near', fact: 'firstTime' },
      { accountId: 'deposit.near', fact: 'firstTime' },
    ]);
    expect(await recipientsOf(undefined, payload([]), undefined)).toEqual([]);
  });

  it('a saved contact is named beside its fact; an unreadable contact list names no one', async () => {
    const p = payload([
      { intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': '1' } },
      { intent: 'transfer', receiver_id: 'erin.near', tokens: { 'nep141:wrap.near': '2' } },
    ]);
    const facts = new RecipientFacts({
      ownAccounts: () => ['alice.near'],
      published: async () => [entry({})],
      contactNames: async (ids) => new Map(ids.filter((id) => id === 'erin.near').map((id) => [id, 'Erin'])),
    });
    expect(await recipientsOf((s, r) => facts.knowledge(s, r), p, undefined)).toEqual([
      { accountId: 'bob.near', fact: 'sentBefore' },
      { accountId: 'erin.near', fact: 'firstTime', contact: 'Erin' },
    ]);
    const unreadable = new RecipientFacts({
      ownAccounts: () => ['alice.near'],
      published: async () => [],
      contactNames: async () => {
        throw new Error('locked');
      },
    });
    expect(await unreadable.knowledge('alice.near', ['erin.near'])).toEqual(
      new Map([['erin.near', { fact: 'firstTime', contact: null }]]),
    );
  });
});
