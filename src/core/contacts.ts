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
import { type Phrase, phrase } from './phrase';
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
export function nameProblem(name: string): Phrase | null {
  if (name.trim() === '') return phrase('contacts_nameEmpty');
  if (name.trim() !== name) return phrase('contacts_nameSpaces');
  if (name.length > MAX_NAME) return phrase('contacts_nameLong', String(MAX_NAME));
  // The name is shown in the approval window beside a site's request: no invisible or direction-changing
  // characters that could make it read as something else.
  if (/[\p{Cc}]/u.test(name) || hasHiddenCharacters(name)) return phrase('contacts_nameHidden');
  return null;
}

/** What is wrong with the address and memo for the chain, or null. */
export function addressOfChainProblem(chain: ChainId, address: string, memo: string): Phrase | null {
  const facts = chainFacts(chain);
  if (!facts) return phrase('contacts_unknownChain');
  if (address === '') return phrase('contacts_addressEmpty');
  if (address.trim() !== address || /\s/.test(address)) return phrase('contacts_addressSpaces');
  if (!isAddressOf(facts.family, address))
    return facts.family === 'home' ? phrase('contacts_notAccountId') : phrase('contacts_notAddressOf', facts.name);
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
export function contactProblem(c: ContactInput): Phrase | null {
  return nameProblem(c.name) ?? addressOfChainProblem(c.chain, c.address, c.memo);
}

/** A contact's fields, each bounded; `contactRule` then judges them together. */
export const contactShape = {
  name: z.lazy(() => z.string().check(z.maxLength(256))),
  chain: z.lazy(() => z.enum(CHAIN_IDS)),
  address: z.lazy(() => z.string().check(z.maxLength(256))),
  memo: z.lazy(() => z._default(z.string().check(z.maxLength(64)), '')),
};

/**
 * The one rule, as a check any object schema holding the contact's fields can carry; `words` writes the
 * problem (the background's catalogue: its refusal reaches the popup as text).
 */
export const contactRule = (words: (p: Phrase) => string) =>
  z.superRefine((c: ContactInput, ctx) => {
    const problem = contactProblem(c);
    if (problem) ctx.addIssue({ code: 'custom', message: words(problem), input: c });
  });

/** A contact's fields as a file or the popup gives them, before the rule judges them together. */
export const contactFieldsSchema = z.lazy(() => z.strictObject(contactShape));

/** An exported file: its format, version, and the contacts (ids are the store's own, not exported). */
export const contactsFileSchema = z.lazy(() =>
  z.strictObject({
    format: z.literal(CONTACTS_FILE_FORMAT),
    version: z.literal(1),
    contacts: z.array(z.unknown()).check(z.maxLength(MAX_CONTACTS)),
  }),
);

/** What is wrong with a file: the whole file, or one entry, named by its number (from 1) and its name if it has one. */
export interface ContactsFileError {
  entry?: { number: number; name: string | null };
  problem: Phrase;
}

export type ContactsFileResult = { ok: true; contacts: ContactInput[] } | { ok: false; errors: ContactsFileError[] };

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
    return { ok: false, errors: [{ problem: phrase('contacts_fileNotJson') }] };
  }
  const file = contactsFileSchema.safeParse(json);
  if (!file.success) {
    const issue = file.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    return {
      ok: false,
      errors: [
        {
          problem:
            where === 'contacts'
              ? phrase('contacts_fileTooMany', String(MAX_CONTACTS))
              : phrase('contacts_fileNotOurs'),
        },
      ],
    };
  }
  const errors: ContactsFileError[] = [];
  const contacts: ContactInput[] = [];
  for (const [i, entry] of file.data.contacts.entries()) {
    const parsed = contactFieldsSchema.safeParse(entry);
    const problem = parsed.success ? contactProblem(parsed.data) : fieldsProblem(parsed.error.issues[0]);
    if (parsed.success && !problem) {
      contacts.push(parsed.data);
      continue;
    }
    const name = (entry as { name?: unknown })?.name;
    errors.push({
      entry: { number: i + 1, name: typeof name === 'string' ? name.slice(0, MAX_NAME) : null },
      problem: problem ?? phrase('contacts_notAContact'),
    });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, contacts };
}

/** What the first structural issue of an entry says, as a phrase naming the field (zod's own words never reach the screen). */
function fieldsProblem(issue: { code: string; path: PropertyKey[]; keys?: string[] } | undefined): Phrase {
  if (!issue) return phrase('contacts_notAContact');
  if (issue.code === 'unrecognized_keys') return phrase('contacts_unknownField', (issue.keys ?? []).join(', '));
  const field = issue.path.map(String).join('.');
  return field ? phrase('contacts_badField', field) : phrase('contacts_notAContact');
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
