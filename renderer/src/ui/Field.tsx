import { useId, type ReactElement, type ReactNode, cloneElement } from 'react';

interface Props {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** The single form control; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  wide?: boolean;
  /** Shown between the label and the control (a combobox's chips). */
  before?: ReactNode;
  /** Shown right after the control (a combobox's list of options). */
  after?: ReactNode;
}

/** A labelled control with its hint and its error message (client-side or from the server). */
export function Field({ label, error, hint, children, wide, before, after }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${wide ? ' field--wide' : ''}${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {before}
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {after}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
