import { useState, type ButtonHTMLAttributes } from 'react';
import { Dialog } from './Dialog';
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

/**
 * A button that asks `question` first, in the console's own dialog (not the browser's
 * `confirm()`, which blocks the page and cannot be styled or translated), and runs `onConfirm`
 * only when the answer is yes. The dialog's yes is the button's own label; Cancel is focused
 * first, so Enter does nothing harmful.
 */
export function ConfirmButton({
  question,
  onConfirm,
  children,
  variant,
  ...rest
}: Omit<Props, 'onClick'> & { question: string; onConfirm(): void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button {...rest} variant={variant} onClick={() => setAsking(true)}>
        {children}
      </Button>
      {asking && (
        <Dialog title={question} text={null} onCancel={() => setAsking(false)}>
          <div className="form-actions">
            <Button variant="ghost" onClick={() => setAsking(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant={variant === 'danger' ? 'danger' : 'primary'}
              onClick={() => {
                setAsking(false);
                onConfirm();
              }}
            >
              {children}
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}
