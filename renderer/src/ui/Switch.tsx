interface Props {
  label: string;
  checked: boolean;
  onChange(value: boolean): void;
  disabled?: boolean;
  hint?: string;
}

/** A checkbox styled as a switch; it stays a real checkbox for keyboards and screen readers. */
export function Switch({ label, checked, onChange, disabled, hint }: Props) {
  return (
    <label className="switch">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="switch__track" aria-hidden="true" />
      <span className="switch__label">
        {label}
        {hint && <small>{hint}</small>}
      </span>
    </label>
  );
}
