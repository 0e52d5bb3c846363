// The Contacts screen (docs/security.md, "Contacts"): the network's contacts by name, each with its chain,
// address and memo; add, edit and delete; import a file exported here (checked entry by entry with the
// one rule, src/core/contacts.ts: a file with any bad entry stores nothing and says what is wrong), and
// export them as that file.
import { useEffect, useRef, useState } from 'preact/hooks';
import { type ContactsFileError, contactsFileText, parseContactsFile } from '../../core/contacts';
import { chainName } from '../chains';
import { ContactForm } from '../components/ContactForm';
import { ErrorAlert, StatusLine } from '../components/Notice';
import { Screen } from '../components/Screen';
import { type Contact, contacts } from '../contacts';
import { t } from '../i18n';
import { numberStyle } from '../numbers';
import { said } from '../phrase';
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
      setNote(t('contacts_deleted', c.name));
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
    setNote(t('contacts_exported', numberStyle().whole(String(list?.length ?? 0))));
  };

  const importFile = async (file: File) => {
    setImportErrors([]);
    setNote('');
    const text = await file.text().catch((e: unknown) => {
      setImportErrors([t('contacts_unreadable', messageOf(e))]);
      return null;
    });
    if (text === null) return;
    const parsed = parseContactsFile(text);
    if (!parsed.ok) {
      setImportErrors(parsed.errors.map(fileErrorText));
      return;
    }
    await change.run(async () => {
      const out = await contacts.import(parsed.contacts);
      setList(out.contacts);
      const added = numberStyle().whole(String(out.added));
      const skipped = numberStyle().whole(String(out.skipped));
      setNote(
        out.skipped
          ? out.added === 1
            ? t('contacts_imported_oneSkipped', skipped)
            : t('contacts_imported_manySkipped', added, skipped)
          : out.added === 1
            ? t('contacts_imported_one')
            : t('contacts_imported_many', added),
      );
    });
  };

  if (editing)
    return (
      <Screen
        key="edit"
        title={editing.mode === 'add' ? t('contacts_new') : t('contacts_editNamed', editing.contact.name)}
        testid="contact-edit"
      >
        <ContactForm
          start={editing.mode === 'edit' ? editing.contact : {}}
          onSaved={(saved) => {
            setEditing(null);
            setNote(t('contacts_saved', saved.name));
            void load.run(async () => setList(await contacts.list()));
          }}
          onCancel={() => setEditing(null)}
        />
      </Screen>
    );

  return (
    <Screen key="list" title={t('settings_tabContacts')} testid="contacts" focusHeading>
      <p class="hint">{t('contacts_intro')}</p>
      <div class="actions">
        <button type="button" class="primary" onClick={() => setEditing({ mode: 'add' })} data-testid="contacts-add">
          {t('contacts_add')}
        </button>
        <button type="button" onClick={() => fileInput.current?.click()} data-testid="contacts-import">
          {t('contacts_import')}
        </button>
        <button type="button" onClick={exportFile} disabled={!list?.length} data-testid="contacts-export">
          {t('keys_export')}
        </button>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        class="sr-only"
        tabIndex={-1}
        aria-label={t('contacts_file')}
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
            <strong>{t('contacts_nothingImported')}</strong> {t('contacts_fixFile')}
          </p>
          <ul class="plain">
            {importErrors.slice(0, 10).map((e) => (
              <li key={e}>{e}</li>
            ))}
            {importErrors.length > 10 && (
              <li>{t('contacts_andMore', numberStyle().whole(String(importErrors.length - 10)))}</li>
            )}
          </ul>
        </div>
      )}
      <ErrorAlert message={load.error ?? change.error} testid="contacts-error" />
      <StatusLine testid="contacts-note">{load.busy && !list ? t('contacts_loading') : note}</StatusLine>
      {list && list.length === 0 && (
        <p class="empty" data-testid="contacts-empty">
          {t('contacts_empty')}
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
                  {c.memo ? ' · ' : ''}
                  {c.memo ? t('contacts_memo', c.memo) : ''}
                </span>
              </div>
              <div class="contact-actions">
                <button
                  type="button"
                  onClick={() => setEditing({ mode: 'edit', contact: c })}
                  aria-label={t('contacts_editNamed', c.name)}
                  data-testid="contact-edit"
                >
                  {t('contacts_edit')}
                </button>
                <button
                  type="button"
                  onClick={() => remove(c)}
                  disabled={change.busy}
                  aria-label={t('contacts_deleteNamed', c.name)}
                  data-testid="contact-delete"
                >
                  {t('contacts_delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}

/** A file's problem as the list shows it: the entry's number and name first when it is one entry's. */
function fileErrorText({ entry, problem }: ContactsFileError): string {
  if (!entry) return said(problem);
  const number = numberStyle().whole(String(entry.number));
  return entry.name === null
    ? t('contacts_entryProblem', number, said(problem))
    : t('contacts_namedEntryProblem', number, entry.name, said(problem));
}
