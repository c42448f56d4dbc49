/**
 * Before a curl command with the session's token goes to the clipboard, the user is told: the
 * token signs in as them until they sign out, and clipboards are read by other apps and synced.
 * They may copy it with a placeholder instead.
 */
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Dialog, useQuestion } from '../ui/Dialog';
import { useT } from '../i18n';

export type CurlChoice = 'token' | 'placeholder';

export function useCurlWarning(): [ReactNode, () => Promise<CurlChoice | null>] {
  const t = useT();
  const [dialog, ask] = useQuestion<true, CurlChoice>((_question, answer) => (
    <Dialog
      title={t('explorer.tokenTitle')}
      text={t('explorer.tokenText')}
      onCancel={() => answer(null)}
    >
      <div className="dialog__choices">
        <Button variant="primary" onClick={() => answer('placeholder')}>
          {t('explorer.withPlaceholder')}
        </Button>
        <Button onClick={() => answer('token')}>{t('explorer.withToken')}</Button>
        <Button variant="ghost" onClick={() => answer(null)}>
          {t('common.cancel')}
        </Button>
      </div>
    </Dialog>
  ));
  return [dialog, () => ask(true)];
}
