// The Contacts API: names for addresses, kept per network and sealed like the rest of the person's data
// (docs/security.md, "Contacts"). Answered to the extension's own pages only. Types only (no zod): the
// background parses params with zod (src/background/contacts/params.ts).
import type { Contact, ContactInput } from '../core/contacts';

export type { Contact, ContactInput };

export const CONTACTS = {
  list: 'contacts_list',
  save: 'contacts_save',
  remove: 'contacts_remove',
  import: 'contacts_import',
} as const;
export type ContactsMethod = (typeof CONTACTS)[keyof typeof CONTACTS];

/** The network's contacts, sorted by name. */
export interface ContactList {
  contacts: Contact[];
}

/** What an import did: every contact of the file is added except those already kept (same chain, address and memo). */
export interface ContactsImported extends ContactList {
  added: number;
  skipped: number;
}

/** `contacts_save` params: a new contact, or, with `id`, the change of one kept. */
export interface SaveContactParams extends ContactInput {
  id?: string;
}

export interface ContactsResults {
  contacts_list: ContactList;
  contacts_save: ContactList & { saved: Contact };
  contacts_remove: ContactList;
  contacts_import: ContactsImported;
}
