/**
 * "This event / this and following / all events": asked before saving or trashing an occurrence
 * of a series, answered with the API's `scope` (docs/api/recurrence.md).
 */
import type { ReactNode } from 'react';
import type { Scope } from '../../../shared/recurrence/schema';
import { Button } from '../ui/Button';
import { Dialog, useQuestion } from '../ui/Dialog';
import { t, type MessageKey } from '../i18n';

export interface ScopeQuestion {
  action: 'save' | 'trash';
  /** A new rule cannot apply to one occurrence alone (the API refuses it). */
  ruleChanged?: boolean;
}

const CHOICES: Array<[Scope, MessageKey]> = [
  ['this', 'scope.this'],
  ['following', 'scope.following'],
  ['all', 'scope.all'],
];

/** The dialog to render, and `ask()`, which resolves with the chosen scope or null (cancel). */
export function useScopeQuestion(): [ReactNode, (q: ScopeQuestion) => Promise<Scope | null>] {
  return useQuestion<ScopeQuestion, Scope>((question, answer) => (
    <ScopeDialog question={question} onAnswer={answer} />
  ));
}

function ScopeDialog({
  question,
  onAnswer,
}: {
  question: ScopeQuestion;
  onAnswer(scope: Scope | null): void;
}) {
  const saving = question.action === 'save';
  return (
    <Dialog
      title={saving ? t('scope.saveTitle') : t('scope.trashTitle')}
      text={saving ? t('scope.saveText') : t('scope.trashText')}
      onCancel={() => onAnswer(null)}
    >
      <div className="dialog__choices">
        {CHOICES.map(([scope, label]) => {
          const disabled = scope === 'this' && question.ruleChanged === true;
          return (
            <Button
              key={scope}
              variant={scope === 'this' && !disabled ? 'primary' : 'secondary'}
              disabled={disabled}
              onClick={() => onAnswer(scope)}
            >
              {t(label)}
            </Button>
          );
        })}
      </div>
      {question.ruleChanged && <p className="field__hint">{t('scope.ruleChanged')}</p>}
      <div className="form-actions">
        <Button variant="ghost" onClick={() => onAnswer(null)}>
          {t('common.cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
