/**
 * Contacts: a name for an address on one chain, with the memo that address needs (docs/security.md,
 * "Contacts"). One home for what a contact is: the background's store checks every contact it is given
 * with these rules, and the popup's Contacts screen checks a file it imports with the same ones before
 * anything is stored. Addresses are checked per chain (./chainAddress.ts, checksums included), memos per
 * the chain's rule (./destinationMemo.ts). Not in core's index: only the store and the Contacts screen
 * carry the address checks.
 */
import * as z from 'zod/mini';
import { isAddressOf } from './chainAddress';
import { CHAIN_IDS, type ChainId, chainFacts } from './chains';
import { memoProblem, splitRecipient } from './destinationMemo';
import { hasHiddenCharacters } from './visibleText';

/** At most this many contacts per network: a file cannot fill storage. */
export const MAX_CONTACTS = 1000;
export const MAX_NAME = 64;
/** The `format` of an exported file, so a file of something else is told apart at once. */
export const CONTACTS_FILE_FORMAT = 'intents-companion-contacts';

/** A contact as the person writes it (what a file holds). */
export interface ContactInput {
  name: string;
  chain: ChainId;
  address: string;
  /** '' when the address needs none. */
  memo: string;
}

/** A stored contact: the input with its id. */
export interface Contact extends ContactInput {
  id: string;
}

/** What is wrong with a contact's name, or null: one line of visible text, at most MAX_NAME characters. */
export function nameProblem(name: string): string | null {
  if (name.trim() === '') return 'Enter a name';
  if (name.trim() !== name) return 'Remove the spaces around the name';
  if (name.length > MAX_NAME) return `A name is at most ${MAX_NAME} characters`;
  // The name is shown in the approval window beside a site's request: no invisible or direction-changing
  // characters that could make it read as something else.
  if (/[\p{Cc}]/u.test(name) || hasHiddenCharacters(name)) return 'A name holds only visible characters';
  return null;
}

/** What is wrong with the address and memo for the chain, or null. */
export function addressOfChainProblem(chain: ChainId, address: string, memo: string): string | null {
  const facts = chainFacts(chain);
  if (!facts) return 'Unknown chain';
  if (address === '') return 'Enter an address';
  if (address.trim() !== address || /\s/.test(address)) return 'An address has no spaces';
  if (!isAddressOf(facts.family, address))
    return facts.family === 'home'
      ? 'This is not an account id (lowercase letters, digits and - _ . between them, e.g. alice.near)'
      : `This is not a ${facts.name} address: a character is probably mistyped`;
  return memoProblem(facts.family, memo, address);
}

/**
 * The contact a recipient the wallet used could be saved as: the first of `chains` (as the service or a
 * record names them; `near` is the ledger) whose address it is, an X-address split into its classic
 * address and tag. Null when it is an address of none of them.
 */
export function savableAddress(
  chains: readonly string[],
  recipient: string,
): Pick<ContactInput, 'chain' | 'address' | 'memo'> | null {
  for (const name of chains) {
    const chain = chainFacts(name)?.id;
    if (!chain) continue;
    const { address, memo } = chain === 'xrp' ? splitRecipient(recipient) : { address: recipient, memo: null };
    if (addressOfChainProblem(chain, address, memo ?? '') === null) return { chain, address, memo: memo ?? '' };
  }
  return null;
}

/** Every problem of a contact, the name's first; null when it can be stored. */
export function contactProblem(c: ContactInput): string | null {
  return nameProblem(c.name) ?? addressOfChainProblem(c.chain, c.address, c.memo);
}

/** A contact's fields, each bounded; `contactRule` then judges them together. */
export const contactShape = {
  name: z.lazy(() => z.string().check(z.maxLength(256))),
  chain: z.lazy(() => z.enum(CHAIN_IDS)),
  address: z.lazy(() => z.string().check(z.maxLength(256))),
  memo: z.lazy(() => z._default(z.string().check(z.maxLength(64)), '')),
};

/** The one rule, as a check any object schema holding the contact's fields can carry. */
export const contactRule = () =>
  z.superRefine((c: ContactInput, ctx) => {
    const problem = contactProblem(c);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: c });
  });

/** A contact as a file or the popup gives it. */
export const contactInputSchema = z.lazy(() => z.strictObject(contactShape).check(contactRule()));

/** An exported file: its format, version, and the contacts (ids are the store's own, not exported). */
export const contactsFileSchema = z.lazy(() =>
  z.strictObject({
    format: z.literal(CONTACTS_FILE_FORMAT),
    version: z.literal(1),
    contacts: z.array(z.unknown()).check(z.maxLength(MAX_CONTACTS)),
  }),
);

export type ContactsFileResult = { ok: true; contacts: ContactInput[] } | { ok: false; errors: string[] };

/** How a person tells contacts apart: the same chain and address (an account id's case does not count). */
export const sameContactAddress = (a: Pick<ContactInput, 'chain' | 'address' | 'memo'>, b: typeof a): boolean =>
  a.chain === b.chain &&
  a.memo === b.memo &&
  (a.chain === 'home' ? a.address.toLowerCase() === b.address.toLowerCase() : a.address === b.address);

/**
 * A file's text read as contacts, every entry checked: all of them, or the list of what is wrong (each
 * error names the entry by its number and name), so a bad file stores nothing.
 */
export function parseContactsFile(text: string): ContactsFileResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, errors: ['This file is not JSON: choose a contacts file exported by this wallet'] };
  }
  const file = contactsFileSchema.safeParse(json);
  if (!file.success) {
    const issue = file.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    return {
      ok: false,
      errors: [
        where === 'contacts'
          ? `A file holds at most ${MAX_CONTACTS} contacts`
          : 'This is not a contacts file exported by this wallet (its format or version is not one it reads)',
      ],
    };
  }
  const errors: string[] = [];
  const contacts: ContactInput[] = [];
  for (const [i, entry] of file.data.contacts.entries()) {
    const parsed = contactInputSchema.safeParse(entry);
    if (parsed.success) {
      contacts.push(parsed.data);
      continue;
    }
    const name =
      typeof (entry as { name?: unknown })?.name === 'string'
        ? ` (${(entry as { name: string }).name.slice(0, MAX_NAME)})`
        : '';
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    errors.push(`Contact ${i + 1}${name}: ${field}${issue?.message ?? 'not a contact'}`);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, contacts };
}

/** The file the Contacts screen exports: what `parseContactsFile` reads back. */
export function contactsFileText(contacts: readonly ContactInput[]): string {
  return `${JSON.stringify(
    {
      format: CONTACTS_FILE_FORMAT,
      version: 1,
      contacts: contacts.map(({ name, chain, address, memo }) => ({ name, chain, address, memo })),
    },
    null,
    2,
  )}\n`;
}
