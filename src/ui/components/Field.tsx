// Labelled form controls: every input has a visible <label> tied to it, and its hint and error are
// announced with it (aria-describedby).
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

interface Notes {
  hint?: ComponentChildren;
  error?: string | null;
}

/** The ids of a control's hint and error, as its aria-describedby. */
function describedBy(id: string, { hint, error }: Notes): string | undefined {
  return [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
}

/** A control's hint and error, under it, with the ids describedBy names. */
function FieldNotes({ id, hint, error }: Notes & { id: string }) {
  return (
    <>
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

interface TextFieldProps {
  label: string;
  value: string;
  onValue(value: string): void;
  type?: 'text' | 'password' | 'url' | 'number' | 'datetime-local';
  inputMode?: 'decimal' | 'numeric' | 'text';
  disabled?: boolean;
  testid?: string;
  hint?: ComponentChildren;
  error?: string | null;
  autoComplete?: string;
  multiline?: boolean;
  rows?: number;
  readOnly?: boolean;
  required?: boolean;
  placeholder?: string;
  min?: number;
  max?: number;
  /** Typed exactly (keys, phrases, account ids): no spellcheck, autocapitalise or autocomplete. */
  verbatim?: boolean;
  /** Beside the label, at the end of its line (a Max button). */
  aside?: ComponentChildren;
}

export function TextField(props: TextFieldProps) {
  const id = useId();
  const common = {
    id,
    value: props.value,
    onInput: (e: Event) => props.onValue((e.currentTarget as HTMLInputElement | HTMLTextAreaElement).value),
    'aria-describedby': describedBy(id, props),
    'aria-invalid': props.error ? true : undefined,
    'data-testid': props.testid,
    readOnly: props.readOnly,
    disabled: props.disabled,
    required: props.required,
    placeholder: props.placeholder,
    autoComplete: props.autoComplete ?? (props.verbatim ? 'off' : undefined),
    spellcheck: props.verbatim || props.type === 'url' ? false : undefined,
    autoCapitalize: props.verbatim ? ('off' as const) : undefined,
  };
  return (
    <div class="field">
      {props.aside ? (
        <div class="label-row">
          <label for={id}>{props.label}</label>
          {props.aside}
        </div>
      ) : (
        <label for={id}>{props.label}</label>
      )}
      {props.multiline ? (
        <textarea {...common} rows={props.rows ?? 3} />
      ) : (
        // Preact types <input> as a union discriminated by a literal `type`; a union-typed prop does not narrow it.
        <input
          {...common}
          type={(props.type ?? 'text') as 'text'}
          min={props.min}
          max={props.max}
          inputMode={props.inputMode}
        />
      )}
      <FieldNotes id={id} hint={props.hint} error={props.error} />
    </div>
  );
}

interface CheckboxProps {
  label: ComponentChildren;
  checked: boolean;
  onChecked(checked: boolean): void;
  testid?: string;
}

export function Checkbox(props: CheckboxProps) {
  const id = useId();
  return (
    <div class="check">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChecked(e.currentTarget.checked)}
        data-testid={props.testid}
      />
      <label for={id}>{props.label}</label>
    </div>
  );
}

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  choices: readonly Choice<T>[];
  value: T;
  onValue(value: T): void;
  /** Each radio gets `${testid}-${value}`. */
  testid?: string;
}

/** Radio buttons in a fieldset (arrow keys move between them, as the browser does it). */
export function ChoiceGroup<T extends string>(props: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset class="choices">
      <legend>{props.legend}</legend>
      {props.choices.map((c) => {
        const id = `${name}-${c.value}`;
        return (
          <div class="choice" key={c.value}>
            <input
              id={id}
              type="radio"
              name={name}
              value={c.value}
              checked={props.value === c.value}
              onChange={() => props.onValue(c.value)}
              data-testid={props.testid ? `${props.testid}-${c.value}` : undefined}
              aria-describedby={c.hint ? `${id}-hint` : undefined}
            />
            <label for={id}>{c.label}</label>
            {c.hint && (
              <p class="hint" id={`${id}-hint`}>
                {c.hint}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

interface SelectFieldProps<T extends string> {
  label: string;
  options: readonly SelectOption<T>[];
  value: T;
  onValue(value: T): void;
  testid?: string;
  hint?: ComponentChildren;
  error?: string | null;
}

/** A labelled <select>, with hint and error announced like a text field's. */
export function SelectField<T extends string>(props: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        onChange={(e) => props.onValue(e.currentTarget.value as T)}
        aria-describedby={describedBy(id, props)}
        aria-invalid={props.error ? true : undefined}
        data-testid={props.testid}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={props.hint} error={props.error} />
    </div>
  );
}
