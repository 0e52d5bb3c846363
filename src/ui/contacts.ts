// The popup's typed client for the Contacts API (src/api/contactsApi.ts), and the one list the pickers
// read: every Send, Withdraw and swap recipient picker asks here, and a change made on the Contacts
// screen is seen by the next picker that opens.
import {
  CONTACTS,
  type Contact,
  type ContactInput,
  type ContactsMethod,
  type ContactsResults,
} from '../api/contactsApi';
import { callBackground } from './call';

export type { Contact, ContactInput };

function call<M extends ContactsMethod>(method: M, params?: unknown): Promise<ContactsResults[M]> {
  return callBackground(method, params) as Promise<ContactsResults[M]>;
}

export const contacts = {
  list: async (): Promise<Contact[]> => (await call(CONTACTS.list)).contacts,
  save: (c: ContactInput & { id?: string }) => call(CONTACTS.save, c),
  remove: async (id: string): Promise<Contact[]> => (await call(CONTACTS.remove, { id })).contacts,
  import: (list: readonly ContactInput[]) => call(CONTACTS.import, { contacts: list }),
};
