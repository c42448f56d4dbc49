/** A catalogue text with `<code>` (a value to type), `<b>` (a button or menu) and `<strong>` marks. */
import { Trans } from 'react-i18next';
import type { MessageKey } from '../i18n';

export function Rich({ k, values }: { k: MessageKey; values?: Record<string, string> }) {
  return (
    // The key type given: inferred from the whole catalogue, it is too large a union for tsc.
    // Values are shown as typed: React escapes them, and i18next is set not to (renderer/src/i18n).
    <Trans<MessageKey>
      i18nKey={k}
      values={values}
      components={{ code: <code className="connect__value" />, b: <b />, strong: <strong /> }}
    />
  );
}
