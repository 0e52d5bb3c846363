// Picking a saved contact in Send, Withdraw and the swap recipient: a list of the network's contacts on
// the chain the field takes, shown only when there is one. Picking fills the address (and memo); the
// field stays editable and is checked as if typed. "Save this address" (after a send, from Activity):
// a button that names the contact once saved, and asks only for a name.
import { useEffect, useState } from 'preact/hooks';
import { type ChainId, chainFacts } from '../../core/chains';
import { sameContactAddress, savableAddress } from '../../core/contacts';
import { type Contact, contacts } from '../contacts';
import { t } from '../i18n';
import { ContactForm } from './ContactForm';
import { Dialog } from './Dialog';
import { SelectField } from './Field';

/** The chain id of the table for a chain as the service or a form names it (`near` is the ledger). */
const chainIdOf = (chain: string): ChainId | null => chainFacts(chain)?.id ?? null;

/** The network's contacts, read once per mounted picker (an unreadable list is an empty one: typing still works). */
function useContacts(): [Contact[], (list: Contact[]) => void] {
  const [list, setList] = useState<Contact[]>([]);
  useEffect(() => {
    void contacts.list().then(setList, () => undefined);
  }, []);
  return [list, setList];
}

interface PickerProps {
  /** The chain whose addresses the field takes (`home` for an intents account). */
  chain: string | null;
  /** The field's address now: the list shows the contact it is, if any. */
  current: string;
  onPick(contact: Contact): void;
  testid: string;
}

export function ContactPicker({ chain, current, onPick, testid }: PickerProps) {
  const [list] = useContacts();
  const id = chain === null ? null : chainIdOf(chain);
  const mine = list.filter((c) => c.chain === id);
  if (mine.length === 0) return null;
  return (
    <SelectField
      label={t('contactPick_label')}
      options={[
        { value: '', label: t('contactPick_choose') },
        ...mine.map((c) => ({ value: c.id, label: t('contactPick_option', c.name, c.address.slice(0, 12)) })),
      ]}
      value={mine.find((c) => c.address === current.trim())?.id ?? ''}
      onValue={(v) => {
        const c = mine.find((x) => x.id === v);
        if (c) onPick(c);
      }}
      testid={testid}
    />
  );
}

interface SaveProps {
  /** The chains the address may be of, the likeliest first (`home` for an intents account). */
  chains: readonly string[];
  address: string;
  testid?: string;
}

/** "Save this address": the contact's name once saved, or a button that asks for one; nothing for an address of none of `chains`. */
export function SaveContact({ chains, address, testid = 'save-contact' }: SaveProps) {
  const [list, setList] = useContacts();
  const [open, setOpen] = useState(false);
  const entry = savableAddress(chains, address);
  if (entry === null) return null;
  const saved = list.find((c) => sameContactAddress(c, entry));
  if (saved)
    return (
      <p class="hint" data-testid={`${testid}-saved`}>
        {t('contactPick_savedAs', saved.name)}
      </p>
    );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} data-testid={testid}>
        {t('contactPick_save')}
      </button>
      {open && (
        <Dialog title={t('contactPick_save')} onClose={() => setOpen(false)} testid={`${testid}-dialog`}>
          <ContactForm
            start={entry}
            fixedAddress
            testid={testid}
            onSaved={(c) => {
              setList([...list, c]);
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        </Dialog>
      )}
    </>
  );
}
