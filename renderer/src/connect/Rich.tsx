/** A catalogue text with `<code>` (a value to type) and `<b>` (a button or menu) marks. */
import { Trans } from 'react-i18next';
import type { MessageKey } from '../i18n';

export function Rich({ k, values }: { k: MessageKey; values?: Record<string, string> }) {
  return (
    <Trans
      i18nKey={k}
      values={values}
      components={{ code: <code className="connect__value" />, b: <b /> }}
      // Values are shown as typed: React escapes them, i18next must not escape them twice.
      tOptions={{ interpolation: { escapeValue: false } }}
    />
  );
}
