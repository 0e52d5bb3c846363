// The Contacts screen (docs/security.md, "Contacts"): the network's contacts by name, each with its chain,
// address and memo; add, edit and delete; import a file exported here (checked entry by entry with the
// one rule, src/core/contacts.ts: a file with any bad entry stores nothing and says what is wrong), and
// export them as that file.
import { useEffect, useRef, useState } from 'preact/hooks';
import { contactsFileText, parseContactsFile } from '../../core/contacts';
import { chainName } from '../chains';
import { ContactForm } from '../components/ContactForm';
import { ErrorAlert, StatusLine } from '../components/Notice';
import { Screen } from '../components/Screen';
import { type Contact, contacts } from '../contacts';
import { useAction } from '../useAction';
import { messageOf } from '../wallet';

type Editing = { mode: 'add' } | { mode: 'edit'; contact: Contact } | null;

export function Contacts() {
  const [list, setList] = useState<Contact[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [note, setNote] = useState('');
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const load = useAction();
  const change = useAction();
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void load.run(async () => setList(await contacts.list()));
  }, []);

  const remove = (c: Contact) =>
    void change.run(async () => {
      setList(await contacts.remove(c.id));
      setNote(`Deleted ${c.name}.`);
    });

  const exportFile = () => {
    const url = URL.createObjectURL(new Blob([contactsFileText(list ?? [])], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'contacts.json';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setNote(`Exported ${list?.length ?? 0} contacts.`);
  };

  const importFile = async (file: File) => {
    setImportErrors([]);
    setNote('');
    const text = await file.text().catch((e: unknown) => {
      setImportErrors([`The file could not be read: ${messageOf(e)}`]);
      return null;
    });
    if (text === null) return;
    const parsed = parseContactsFile(text);
    if (!parsed.ok) {
      setImportErrors(parsed.errors);
      return;
    }
    await change.run(async () => {
      const out = await contacts.import(parsed.contacts);
      setList(out.contacts);
      setNote(
        `Imported ${out.added} contact${out.added === 1 ? '' : 's'}${out.skipped ? `; ${out.skipped} already saved` : ''}.`,
      );
    });
  };

  if (editing)
    return (
      <Screen
        key="edit"
        title={editing.mode === 'add' ? 'New contact' : `Edit ${editing.contact.name}`}
        testid="contact-edit"
      >
        <ContactForm
          start={editing.mode === 'edit' ? editing.contact : {}}
          onSaved={(saved) => {
            setEditing(null);
            setNote(`Saved ${saved.name}.`);
            void load.run(async () => setList(await contacts.list()));
          }}
          onCancel={() => setEditing(null)}
        />
      </Screen>
    );

  return (
    <Screen key="list" title="Contacts" testid="contacts" focusHeading>
      <p class="hint">
        Saved addresses for Send, Withdraw and swaps on this network. A site asking to pay a saved contact is named as
        one.
      </p>
      <div class="actions">
        <button type="button" class="primary" onClick={() => setEditing({ mode: 'add' })} data-testid="contacts-add">
          Add contact
        </button>
        <button type="button" onClick={() => fileInput.current?.click()} data-testid="contacts-import">
          Import
        </button>
        <button type="button" onClick={exportFile} disabled={!list?.length} data-testid="contacts-export">
          Export
        </button>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        class="sr-only"
        tabIndex={-1}
        aria-label="Contacts file to import"
        data-testid="contacts-file"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void importFile(file);
        }}
      />
      {importErrors.length > 0 && (
        <div class="alert" role="alert" data-testid="contacts-import-errors">
          <p>
            <strong>Nothing was imported.</strong> Fix the file and try again:
          </p>
          <ul class="plain">
            {importErrors.slice(0, 10).map((e) => (
              <li key={e}>{e}</li>
            ))}
            {importErrors.length > 10 && <li>and {importErrors.length - 10} more</li>}
          </ul>
        </div>
      )}
      <ErrorAlert message={load.error ?? change.error} testid="contacts-error" />
      <StatusLine testid="contacts-note">{load.busy && !list ? 'Loading contacts…' : note}</StatusLine>
      {list && list.length === 0 && (
        <p class="empty" data-testid="contacts-empty">
          No contacts yet. Add one, or save an address from Activity or after a send.
        </p>
      )}
      {list && list.length > 0 && (
        <ul class="plain contacts-list" data-testid="contacts-list">
          {list.map((c) => (
            <li key={c.id} class="row contact-row" data-testid="contact-row" data-address={c.address}>
              <div class="contact-text">
                <strong>{c.name}</strong>
                <span class="hint">
                  {chainName(c.chain)} · <code>{c.address}</code>
                  {c.memo ? ` · memo ${c.memo}` : ''}
                </span>
              </div>
              <div class="contact-actions">
                <button
                  type="button"
                  onClick={() => setEditing({ mode: 'edit', contact: c })}
                  aria-label={`Edit ${c.name}`}
                  data-testid="contact-edit"
                >
                  Edit
                </button>
                <button
                  type="button"
                  onClick={() => remove(c)}
                  disabled={change.busy}
                  aria-label={`Delete ${c.name}`}
                  data-testid="contact-delete"
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
