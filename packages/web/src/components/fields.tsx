/** Labelled form fields whose error message sits under the field and is linked with aria-describedby. */
import type { ReactNode } from 'react';
import { tm } from '../lib/i18n';

/** The password rule under a password field, in English (the back office). */
export const PASSWORD_RULE =
  '8 to 50 characters with at least one lowercase letter, one uppercase letter and one digit. The only special characters allowed are @$!%*?&.';

interface Common {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
}

/** The ids a field's hint and error have, for its aria-describedby. */
export function describedBy(id: string, error?: unknown, hint?: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/**
 * A field's label (with its required mark), the field, its hint and its error message, the one frame of the
 * page's forms: the shop's (`form__field`) and the back office's (`admin-field`), each with its own style.
 */
export function FieldFrame({
  id,
  label,
  error,
  hint,
  required,
  className,
  frame = 'form__field',
  children,
}: {
  id: string;
  label: ReactNode;
  /** The message as shown (the shop's fields give it translated). */
  error?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  frame?: 'form__field' | 'admin-field';
  children: ReactNode;
}) {
  return (
    <div className={`${frame}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The shop's frame: its error message is a domain message, shown in the page's language. */
function Wrapper({ error, ...rest }: Common & { children: ReactNode }) {
  return <FieldFrame {...rest} error={error ? tm(error) : undefined} />;
}

export function TextField({
  value,
  onChange,
  type = 'text',
  maxLength,
  autoComplete,
  inputMode,
  readOnly,
  clean,
  ...common
}: Common & {
  value: string;
  onChange?: (value: string) => void;
  /** What the field keeps of what is typed (e.g. digits only); the rest never shows. */
  clean?: (text: string) => string;
  type?: string;
  maxLength?: number;
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
  readOnly?: boolean;
}) {
  const { id, error, hint, required } = common;
  return (
    <Wrapper {...common}>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        maxLength={maxLength}
        autoComplete={autoComplete}
        inputMode={inputMode}
        readOnly={readOnly}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange?.(clean ? clean(e.target.value) : e.target.value)}
      />
    </Wrapper>
  );
}

export function SelectField({
  value,
  onChange,
  options,
  placeholder,
  optionLabel = (option) => option,
  ...common
}: Common & {
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
  placeholder: string;
  /** The text shown for an option (its value is sent as it is). */
  optionLabel?: (option: string) => string;
}) {
  const { id, error, hint, required } = common;
  return (
    <Wrapper {...common}>
      <select
        id={id}
        name={id}
        value={value}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </Wrapper>
  );
}

export function TextAreaField({
  value,
  onChange,
  maxLength,
  rows = 5,
  ...common
}: Common & { value: string; onChange: (value: string) => void; maxLength?: number; rows?: number }) {
  const { id, error, hint, required } = common;
  return (
    <Wrapper {...common}>
      <textarea
        id={id}
        name={id}
        rows={rows}
        value={value}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Wrapper>
  );
}

/**
 * Moves focus to the first field with an error once React has drawn the messages: an update made after an
 * await is drawn in a later task, so it looks again for a few frames.
 */
export function focusFirstError(form: HTMLFormElement | null, frames = 10): void {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else if (frames > 1) focusFirstError(form, frames - 1);
  });
}
