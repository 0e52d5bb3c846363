// The form of one contact: name, chain, address and, where the chain takes one, its memo; each field
// checked as it is typed with the one rule (src/core/contacts.ts) and the swap form's address words
// (../addresses). Used by the Contacts screen (add, edit) and by "Save this address".
import { useState } from 'preact/hooks';
import { CHAIN_IDS, type ChainId } from '../../core/chains';
import { addressOfChainProblem, type ContactInput, nameProblem } from '../../core/contacts';
import { memoLabel, memoRuleOf } from '../../core/destinationMemo';
import { addressProblem } from '../addresses';
import { chainName, familyOf } from '../chains';
import { type Contact, contacts } from '../contacts';
import { focusFirstInvalidSoon } from '../focus';
import { t } from '../i18n';
import { said, saidIf } from '../phrase';
import { useAction } from '../useAction';
import { SelectField, TextField } from './Field';
import { ErrorAlert } from './Notice';

interface ContactFormProps {
  /** What the form starts with: a contact to edit (with its id), or an address to save. */
  start: Partial<Contact>;
  /** The chain and address are fixed ("Save this address"): only the name is asked. */
  fixedAddress?: boolean;
  onSaved(saved: Contact): void;
  onCancel(): void;
  testid?: string;
}

export function ContactForm({ start, fixedAddress = false, onSaved, onCancel, testid = 'contact' }: ContactFormProps) {
  const [name, setName] = useState(start.name ?? '');
  const [chain, setChain] = useState<ChainId>(start.chain ?? 'home');
  const [address, setAddress] = useState(start.address ?? '');
  const [memo, setMemo] = useState(start.memo ?? '');
  const [tried, setTried] = useState(false);
  const save = useAction();
  const memoRule = memoRuleOf(familyOf(chain));
  const entry: ContactInput = { name: name.trim(), chain, address: address.trim(), memo: memoRule ? memo.trim() : '' };
  const problems = {
    name: saidIf(nameProblem(entry.name)),
    address: addressProblem(chain, address) ?? saidIf(addressOfChainProblem(chain, entry.address, '')),
    memo: memoRule ? saidIf(addressOfChainProblem(chain, entry.address, entry.memo)) : null,
  };
  const submit = (e: Event) => {
    e.preventDefault();
    setTried(true);
    if (problems.name || problems.address || problems.memo)
      return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    void save.run(async () => {
      const out = await contacts.save(start.id ? { ...entry, id: start.id } : entry);
      onSaved(out.saved);
    });
  };
  return (
    <form onSubmit={submit} noValidate data-testid={`${testid}-form`}>
      <TextField
        label={t('contacts_name')}
        value={name}
        onValue={setName}
        testid={`${testid}-name`}
        error={tried ? problems.name : null}
      />
      {fixedAddress ? (
        <p class="hint" data-testid={`${testid}-fixed`}>
          {chainName(chain)}: <code>{address}</code>
          {memo ? ' ' : ''}
          {memo ? t('contacts_memoIn', memoRule ? said(memoLabel(memoRule.kind)) : t('contacts_memoLabel'), memo) : ''}
        </p>
      ) : (
        <>
          <SelectField
            label={t('contacts_chain')}
            options={CHAIN_IDS.map((id) => ({ value: id, label: chainName(id) }))}
            value={chain}
            onValue={(v: ChainId) => setChain(v)}
            testid={`${testid}-chain`}
          />
          <TextField
            label={chain === 'home' ? t('bar_account') : t('contacts_address')}
            value={address}
            onValue={setAddress}
            verbatim
            testid={`${testid}-address`}
            error={tried ? problems.address : null}
          />
          {memoRule && (
            <TextField
              label={t('contacts_optional', said(memoLabel(memoRule.kind)))}
              value={memo}
              onValue={setMemo}
              verbatim
              testid={`${testid}-memo`}
              error={tried ? problems.memo : null}
            />
          )}
        </>
      )}
      <ErrorAlert message={save.error} testid={`${testid}-error`} />
      <div class="actions">
        <button type="button" onClick={onCancel} data-testid={`${testid}-cancel`}>
          {t('settings_cancel')}
        </button>
        <button type="submit" class="primary" disabled={save.busy} data-testid={`${testid}-save`}>
          {save.busy ? t('contacts_saving') : t('contacts_save')}
        </button>
      </div>
    </form>
  );
}
