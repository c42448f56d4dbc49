import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';
import { t } from '../i18n';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  busy?: boolean;
  small?: boolean;
};

export function Button({
  variant = 'secondary',
  busy,
  small,
  className,
  children,
  disabled,
  ...rest
}: Props) {
  return (
    <button
      type="button"
      className={`btn btn--${variant}${small ? ' btn--small' : ''}${className ? ` ${className}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner label={t('ui.working')} />}
      {children}
    </button>
  );
}

/** A button that asks `question` first and runs `onConfirm` only when the answer is yes. */
export function ConfirmButton({
  question,
  onConfirm,
  ...rest
}: Omit<Props, 'onClick'> & { question: string; onConfirm(): void }) {
  return <Button {...rest} onClick={() => window.confirm(question) && onConfirm()} />;
}
