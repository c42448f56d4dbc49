/**
 * "This event / this and following / all events": asked before saving or trashing an occurrence
 * of a series, answered with the API's `scope` (docs/api/recurrence.md).
 */
import type { ReactNode } from 'react';
import type { Scope } from '../../../shared/recurrence/schema';
import { Button } from '../ui/Button';
import { Dialog, useQuestion } from '../ui/Dialog';

export interface ScopeQuestion {
  action: 'save' | 'trash';
  /** A new rule cannot apply to one occurrence alone (the API refuses it). */
  ruleChanged?: boolean;
}

const CHOICES: Array<[Scope, string]> = [
  ['this', 'This event'],
  ['following', 'This and following events'],
  ['all', 'All events'],
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
      title={saving ? 'Save a repeating event' : 'Trash a repeating event'}
      text={
        saving
          ? 'This event is one of a series. Which events should the changes apply to?'
          : 'This event is one of a series. Which events should go to the trash?'
      }
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
              {label}
            </Button>
          );
        })}
      </div>
      {question.ruleChanged && (
        <p className="field__hint">A new repeat rule applies to several events at once.</p>
      )}
      <div className="form-actions">
        <Button variant="ghost" onClick={() => onAnswer(null)}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
