/**
 * Someone else saved the item while it was being edited (the server answered 412): say what
 * they changed, and let the user take their version or save theirs over it.
 */
import type { ReactNode } from 'react';
import { ApiFailure } from '../api/client';
import { wallText } from '../app/clock';
import { Button } from './Button';
import { Dialog, useQuestion } from './Dialog';
import type { Values } from './form';
import { t, tx } from '../i18n';

export type ConflictChoice = 'theirs' | 'mine';

export interface Conflict {
  /** The fields whose saved value differs from the one the edit started from. */
  fields: Array<{ name: string; value: string }>;
}

export const isConflict = (error: unknown): boolean =>
  error instanceof ApiFailure && error.status === 412;

const shown = (value: unknown): string => {
  const text = typeof value === 'string' ? (wallText(value) ?? value) : JSON.stringify(value ?? '');
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

const label = (name: string) => {
  const known = tx(`fieldNames.${name}`);
  return known === `fieldNames.${name}`
    ? (name.charAt(0).toUpperCase() + name.slice(1)).replace(/_/g, ' ')
    : known;
};

/** What changed on the server between the version the form started from and now. */
export function conflictOf(base: Values, current: Values): Conflict {
  const names = new Set([...Object.keys(base), ...Object.keys(current)]);
  const fields = [...names]
    .filter((name) => JSON.stringify(base[name]) !== JSON.stringify(current[name]))
    .map((name) => ({ name: label(name), value: shown(current[name]) }));
  return { fields };
}

export function useConflictQuestion(): [
  ReactNode,
  (c: Conflict) => Promise<ConflictChoice | null>,
] {
  return useQuestion<Conflict, ConflictChoice>((conflict, answer) => (
    <Dialog title={t('conflict.title')} text={t('conflict.text')} onCancel={() => answer(null)}>
      {conflict.fields.length > 0 ? (
        <>
          <p>{t('conflict.theirChanges')}</p>
          <ul className="conflict__fields">
            {conflict.fields.map((field) => (
              <li key={field.name}>
                <strong>{field.name}</strong>: {field.value || t('conflict.empty')}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('conflict.nothingVisible')}</p>
      )}
      <div className="dialog__choices">
        <Button variant="primary" onClick={() => answer('theirs')}>
          {t('conflict.theirs')}
        </Button>
        <Button variant="secondary" onClick={() => answer('mine')}>
          {t('conflict.mine')}
        </Button>
      </div>
      <div className="form-actions">
        <Button variant="ghost" onClick={() => answer(null)}>
          {t('conflict.keepEditing')}
        </Button>
      </div>
    </Dialog>
  ));
}

/**
 * The answer to a 412 for an editor whose values started from `base` at `version`: show what
 * they changed; whatever the choice, their values and version become the base, then the form
 * takes their values or saves its own over them.
 */
export function useConflictResolver<V extends Values>(
  base: { current: V },
  version: { current: string | undefined },
) {
  const [dialog, ask] = useConflictQuestion();
  const settle = async (
    theirs: V | undefined,
    theirVersion: () => string | undefined,
    takeTheirs: (values: V) => void,
    saveMine: () => Promise<void>,
  ) => {
    if (!theirs) return;
    const choice = await ask(conflictOf(base.current, theirs));
    if (choice === null) return;
    base.current = theirs;
    version.current = theirVersion();
    if (choice === 'theirs') takeTheirs(theirs);
    else await saveMine();
  };
  return [dialog, settle] as const;
}
