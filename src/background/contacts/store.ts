/**
 * The person's contacts (docs/security.md, "Contacts"): one list per network under `contacts:<verifier>`,
 * sealed under the wallet's data key like every private record (../sealedRecords.ts), so a copy of the
 * profile without the password shows none of them. Per network because the ledger's accounts are the
 * network's own: a contact saved against the simulator never names an account on Mainnet.
 * Every contact is checked with the one rule (src/core/contacts.ts) on the way in and again when read
 * back; a damaged list is reported and kept as it was found, and no change is written over it.
 */
import * as z from 'zod/mini';
import type { ContactList, ContactsImported, SaveContactParams } from '../../api/contactsApi';
import { hex, type Random } from '../../core';
import {
  type Contact,
  type ContactInput,
  contactRule,
  contactShape,
  MAX_CONTACTS,
  sameContactAddress,
} from '../../core/contacts';
import { phrase } from '../../core/phrase';
import { serial } from '../../core/serial';
import { ERROR_CODES } from '../../provider/protocol';
import { t } from '../i18n';
import { CorruptedValueError, type KeyValue } from '../kv';
import { said } from '../phrase';
import type { StorageProblems } from '../problems';
import { ProviderError } from '../providerError';
import { contactId } from './params';

const listSchema = z.lazy(() => z.array(z.strictObject({ ...contactShape, id: contactId }).check(contactRule(said))));

/** A request the store refuses, in words for the person: invalid params. */
const refused = (message: string) => new ProviderError(ERROR_CODES.invalidParams, message);

export interface ContactsDeps {
  local: KeyValue;
  /** The verifier of the network the wallet is on now. */
  verifierId: () => Promise<string>;
  random: Random;
  problems?: StorageProblems | undefined;
}

const key = (verifierId: string) => `contacts:${verifierId}`;
const byName = (a: Contact, b: Contact) => a.name.localeCompare(b.name) || a.address.localeCompare(b.address);

export class ContactsStore {
  private readonly serial = serial();
  constructor(private readonly d: ContactsDeps) {}

  /** The popup's contacts_* methods (src/api/contactsApi.ts). */
  readonly handlers = {
    contacts_list: () => this.list(),
    contacts_save: (p: SaveContactParams) => this.save(p),
    contacts_remove: (p: { id: string }) => this.remove(p.id),
    contacts_import: (p: { contacts: readonly ContactInput[] }) => this.import(p.contacts),
  };

  list(): Promise<ContactList> {
    return this.serial(async () => ({ contacts: (await this.load(await this.d.verifierId())).sort(byName) }));
  }

  /** Adds a contact, or changes the one `p.id` names; refuses a second contact for the same address. */
  save(p: SaveContactParams): Promise<ContactList & { saved: Contact }> {
    const { id, ...input } = p;
    return this.edit((list) => {
      if (id !== undefined && !list.some((c) => c.id === id)) throw refused(t('contacts_gone'));
      const twin = list.find((c) => c.id !== id && sameContactAddress(c, input));
      if (twin) throw refused(t('contacts_alreadySaved', twin.name));
      if (id === undefined && list.length >= MAX_CONTACTS) throw refused(t('contacts_full', String(MAX_CONTACTS)));
      const saved: Contact = { id: id ?? hex.encode(this.d.random(8)), ...input };
      return { next: id === undefined ? [...list, saved] : list.map((c) => (c.id === id ? saved : c)), result: saved };
    }).then(({ contacts, result }) => ({ contacts, saved: result }));
  }

  remove(id: string): Promise<ContactList> {
    return this.edit((list) => ({ next: list.filter((c) => c.id !== id), result: null })).then(({ contacts }) => ({
      contacts,
    }));
  }

  /** Adds every contact not already kept (same chain, address and memo); all or nothing. */
  import(entries: readonly ContactInput[]): Promise<ContactsImported> {
    return this.edit((list) => {
      const fresh: Contact[] = [];
      for (const entry of entries) {
        if ([...list, ...fresh].some((c) => sameContactAddress(c, entry))) continue;
        fresh.push({ id: hex.encode(this.d.random(8)), ...entry });
      }
      if (list.length + fresh.length > MAX_CONTACTS)
        throw refused(t('contacts_fullNothingImported', String(MAX_CONTACTS)));
      return { next: [...list, ...fresh], result: { added: fresh.length, skipped: entries.length - fresh.length } };
    }).then(({ contacts, result }) => ({ contacts, ...result }));
  }

  /**
   * The names of the contacts on the ledger among `accountIds` (a site's transfers name ledger accounts).
   * Never throws: a locked wallet or a damaged list knows no contact, so every receiver reads as unknown.
   */
  async ledgerNames(accountIds: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    try {
      const list = await this.list();
      for (const id of accountIds) {
        const c = list.contacts.find((x) => x.chain === 'home' && x.address === id);
        if (c) names.set(id, c.name);
      }
    } catch {
      // as documented: unknown
    }
    return names;
  }

  private async load(verifierId: string): Promise<Contact[]> {
    const k = key(verifierId);
    try {
      const list = (await this.d.local.read(k, listSchema)) ?? [];
      this.d.problems?.clear(k);
      return list;
    } catch (e) {
      if (e instanceof CorruptedValueError)
        this.d.problems?.report(
          'contacts',
          k,
          'Your saved contacts for this network could not be read.',
          phrase('storeProblem_contacts'),
        );
      throw e;
    }
  }

  private edit<R>(
    change: (list: Contact[]) => { next: Contact[]; result: R },
  ): Promise<{ contacts: Contact[]; result: R }> {
    return this.serial(async () => {
      const verifierId = await this.d.verifierId();
      const { next, result } = change(await this.load(verifierId));
      await this.d.local.write(key(verifierId), next);
      return { contacts: [...next].sort(byName), result };
    });
  }
}
