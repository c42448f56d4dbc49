/**
 * "This event / this and following / all events": asked before saving or trashing an occurrence
 * of a series, answered with the API's `scope` (docs/api/recurrence.md). Each answer names what
 * it covers, with its count and dates ("All 5 events, 1 Dec – 5 Jan"), and a change of date or
 * time that would move events already over says so before it is made.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Scope } from '../../../shared/recurrence/schema';
import type { EventWire } from '../../../shared/schemas/wire';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { Dialog, useQuestion } from '../ui/Dialog';
import { partsOf, rangeText, seriesSpans, type SeriesSpans, type Span } from './seriesSpan';

export interface ScopeQuestion {
  action: 'save' | 'trash';
  /** A new rule cannot apply to one occurrence alone (the API refuses it). */
  ruleChanged?: boolean;
  /** The occurrence asked about, whose series the answers count. */
  event?: EventWire | undefined;
  /** The change moves the start or end: events already over would move too. */
  moves?: boolean;
}

const SCOPES: Scope[] = ['this', 'following', 'all', 'series'];

/** The dialog to render, and `ask()`, which resolves with the chosen scope or null (cancel). */
export function useScopeQuestion(): [ReactNode, (q: ScopeQuestion) => Promise<Scope | null>] {
  return useQuestion<ScopeQuestion, Scope>((question, answer) => (
    <ScopeDialog question={question} onAnswer={answer} />
  ));
}

function choiceLabel(scope: Scope, span: Span | undefined, parts: number): string {
  // After a split, "all" is the part this event is in; "series" is every part.
  const key = scope === 'all' && parts > 1 ? 'part' : scope;
  if (span === undefined) return t(`scope.plain.${key}`);
  const range = rangeText(span);
  if (key === 'this') return t('scope.this', { range });
  if (span.count === undefined) return t(`scope.endless.${key}`, { range, parts });
  return t(`scope.${key}`, { count: span.count, range, parts });
}

/** The warning for the answers that would move events already over. */
function pastWarning(spans: SeriesSpans): string | undefined {
  const following = spans.following.past;
  const all = spans.all.past;
  if (all === 0) return undefined;
  if (following === 0) return t('scope.pastAll', { count: all });
  return t('scope.pastBoth', { count: all, following });
}

function ScopeDialog({
  question,
  onAnswer,
}: {
  question: ScopeQuestion;
  onAnswer(scope: Scope | null): void;
}) {
  const saving = question.action === 'save';
  const event = question.event;
  const spans = useQuery({
    queryKey: ['series-spans', event?.id, event?.modified_utc, event?.series_parts],
    queryFn: () => seriesSpans(event!),
    enabled: event !== undefined && typeof event.series_id === 'number',
    staleTime: 0,
  });
  const warning = saving && question.moves && spans.data ? pastWarning(spans.data) : undefined;
  const parts = event ? partsOf(event) : 0;
  // Every part keeps its own dates, times and rule (the API's scope=series changes the rest).
  const partsKeepTimes = saving && (question.moves === true || question.ruleChanged === true);
  return (
    <Dialog
      title={saving ? t('scope.saveTitle') : t('scope.trashTitle')}
      text={saving ? t('scope.saveText') : t('scope.trashText')}
      onCancel={() => onAnswer(null)}
    >
      <div className="dialog__choices">
        {SCOPES.filter((scope) => scope !== 'series' || parts > 1).map((scope) => {
          const disabled =
            (scope === 'this' && question.ruleChanged === true) ||
            (scope === 'series' && partsKeepTimes);
          return (
            <Button
              key={scope}
              variant={scope === 'this' && !disabled ? 'primary' : 'secondary'}
              disabled={disabled}
              onClick={() => onAnswer(scope)}
            >
              {choiceLabel(scope, spans.data?.[scope], parts)}
            </Button>
          );
        })}
      </div>
      {warning && (
        <p className="note note--warning" role="status">
          {warning}
        </p>
      )}
      {question.ruleChanged && <p className="field__hint">{t('scope.ruleChanged')}</p>}
      {parts > 1 && partsKeepTimes && <p className="field__hint">{t('scope.partsKeepTimes')}</p>}
      <div className="form-actions">
        <Button variant="ghost" onClick={() => onAnswer(null)}>
          {t('common.cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
