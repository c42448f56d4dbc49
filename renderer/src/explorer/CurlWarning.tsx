/**
 * Before a curl command with the session's token goes to the clipboard, the user is told: the
 * token signs in as them until they sign out, and clipboards are read by other apps and synced.
 * They may copy it with a placeholder instead.
 */
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Dialog, useQuestion } from '../ui/Dialog';

export type CurlChoice = 'token' | 'placeholder';

export function useCurlWarning(): [ReactNode, () => Promise<CurlChoice | null>] {
  const [dialog, ask] = useQuestion<true, CurlChoice>((_question, answer) => (
    <Dialog
      title="Copy your live session token?"
      text={
        <>
          This command carries your session token: anyone who reads it can act as you until you sign
          out. Clipboards can be read by other apps and synced to other devices. Copy it with a
          placeholder and paste an application password instead, unless you use it right away.
        </>
      }
      onCancel={() => answer(null)}
    >
      <div className="dialog__choices">
        <Button variant="primary" onClick={() => answer('placeholder')}>
          Copy with a placeholder
        </Button>
        <Button onClick={() => answer('token')}>Copy with my token</Button>
        <Button variant="ghost" onClick={() => answer(null)}>
          Cancel
        </Button>
      </div>
    </Dialog>
  ));
  return [dialog, () => ask(true)];
}
