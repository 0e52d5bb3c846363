// Where the swap form sends funds (the recipient) or returns them (the refund): an intents account
// or an address on a chain, and the account or address itself.
import { SelectField, TextField } from '../components/Field';
import { t } from '../i18n';

interface AddressChoiceProps<T extends string> {
  /** The select's label ("Receive to", "Refunds go to"). */
  label: string;
  /** The option for an address on a chain, besides 'INTENTS'. */
  chain: { value: T; label: string };
  type: T | 'INTENTS';
  onType(value: T | 'INTENTS'): void;
  /** The text field's label for each kind. */
  fieldLabels: { intents: string; address: string };
  value: string;
  onValue(value: string): void;
  error: string | null;
  /** The text field's test id; the select's is this with `-type`. */
  testid: string;
}

export function AddressChoice<T extends string>(props: AddressChoiceProps<T>) {
  return (
    <>
      <SelectField<T | 'INTENTS'>
        label={props.label}
        options={[{ value: 'INTENTS', label: t('addr_intentsAccount') }, props.chain]}
        value={props.type}
        onValue={props.onType}
        testid={`${props.testid}-type`}
      />
      <TextField
        label={props.type === 'INTENTS' ? props.fieldLabels.intents : props.fieldLabels.address}
        value={props.value}
        onValue={props.onValue}
        verbatim
        testid={props.testid}
        error={props.error}
      />
    </>
  );
}
