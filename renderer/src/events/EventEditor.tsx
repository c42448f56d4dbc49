/**
 * Create or edit an event: every field of the interface, pickers that create venues,
 * organizers and terms inline, zod validation shared with the server, and server messages next
 * to their fields. Saving is optimistic and rolls back on error (useSave).
 */
import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { eventFormSchema } from '../../../shared/schemas/event';
import { newIdempotencyKey } from '../api/client';
import { useItem, useSave } from '../api/hooks';
import { versionOf } from '../api/versions';
import { decodeEntities } from '../api/resources';
import type { EventWire } from '../../../shared/schemas/wire';
import { Link } from '../app/Link';
import { navigate, useLeaveGuard, useLocation } from '../app/router';
import { Button } from '../ui/Button';
import { ErrorNote } from '../ui/ErrorNote';
import { changed, serverErrors, useForm, zodErrors } from '../ui/form';
import { LifecycleActions } from '../ui/LifecycleActions';
import { LoadFailure, TrashedBanner } from '../ui/TrashedNotice';
import { PageHeader } from '../ui/PageHeader';
import { Spinner } from '../ui/Spinner';
import { StatusBadge } from '../ui/StatusBadge';
import { useToast } from '../ui/toasts';
import { isConflict, useConflictResolver } from '../ui/ConflictDialog';
import { plainFieldErrors } from '../ui/plainErrors';
import { useErrorFocus } from '../ui/useErrorFocus';
import {
  copyValues,
  emptyEvent,
  eventPayload,
  eventValues,
  withQuickValues,
  type EventValues,
} from './eventForm';
import { EventMainFields } from './EventMainFields';
import { EventLinks } from './EventLinks';
import { EventSide } from './EventSide';
import { EventStatusField } from './EventStatusField';
import { EventStatusMark } from './EventStatusMark';
import { RepeatField } from './RepeatField';
import { useScopeQuestion } from './ScopeDialog';
import { isOccurrence, SeriesNote } from './SeriesMark';
import { useEditedEvent } from './useEditedEvent';
import { t } from '../i18n';

export default function EventEditor({ id }: { id: string }) {
  const { query } = useLocation();
  const numeric = id === 'new' ? null : Number(id);
  const { item, data, isPending, error } = useEditedEvent(numeric);
  /** "Duplicate" opens a new event filled from this one (/events/new?copy=<id>). */
  const copied = useItem('events', numeric === null ? Number(query.get('copy')) || null : null);
  const save = useSave('events', numeric);
  const toast = useToast();
  const initial = useRef<EventValues>(emptyEvent(query.get('date') ?? undefined));
  // What quick create passed on is typed already: the form starts dirty with it.
  const form = useForm<EventValues>(
    numeric === null ? withQuickValues(initial.current, query) : initial.current,
  );
  useEffect(() => {
    if (numeric === null && query.has('start')) form.setDirty(true);
  }, []);
  // One submission at a time: a double click or a second Enter lands before React re-renders
  // the busy button, so the pending state alone would let a second create through.
  const submitting = useRef(false);
  const [scopeDialog, askScope] = useScopeQuestion();
  // Typed, then typed back: nothing to lose.
  useLeaveGuard(
    form.dirty &&
      Object.keys(
        changed(
          eventPayload(initial.current, numeric === null),
          eventPayload(form.values, numeric === null),
        ),
      ).length > 0,
  );
  /** The version the form's values came from, named by the save (If-Match). */
  const version = useRef<string | undefined>(undefined);
  /** One key for every attempt at creating this event (Idempotency-Key). */
  const createKey = useRef(newIdempotencyKey());
  const [conflictDialog, settleConflict] = useConflictResolver(initial, version);
  const series = data && isOccurrence(data) ? data.series_id : null;
  const trashed = data?.status === 'trash';
  const [formRef, focusFirstError] = useErrorFocus();

  useEffect(() => {
    if (data && !form.dirty) {
      initial.current = eventValues(data);
      version.current = numeric === null ? undefined : versionOf('events', numeric);
      form.reset(initial.current);
    }
  }, [data]);

  useEffect(() => {
    if (copied.data && !form.dirty) {
      // The copy is what the form starts from: leaving it untouched loses nothing.
      initial.current = copyValues(copied.data);
      form.reset(initial.current);
    }
  }, [copied.data]);

  const showErrors = (errors: Record<string, string>) => {
    form.setErrors(mapErrors(errors));
    focusFirstError();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current || trashed) return;
    const creating = numeric === null;
    const payload = eventPayload(form.values, creating);
    const errors = zodErrors(eventFormSchema, payload);
    if (Object.keys(errors).length > 0) return showErrors(errors);
    const body = creating ? payload : changed(eventPayload(initial.current, false), payload);
    // Dates go together: the server re-reads both in the (possibly new) time zone.
    if (
      !creating &&
      ('start_date' in body || 'end_date' in body || 'timezone' in body || 'all_day' in body)
    ) {
      body.start_date = payload.start_date;
      body.end_date = payload.end_date;
    }
    submitting.current = true;
    try {
      // An occurrence of a series: the change may reach the later ones, or all of them.
      let scope: string | undefined;
      if (series !== null && Object.keys(body).length > 0) {
        const answer = await askScope({
          action: 'save',
          ruleChanged: 'recurrence' in body,
          event: data,
          moves: 'start_date' in body || 'end_date' in body,
        });
        if (answer === null) return;
        scope = answer;
      }
      const saved = (await save.mutateAsync({
        body,
        query: { scope },
        ifMatch: version.current,
        idempotencyKey: creating ? createKey.current : undefined,
      })) as EventWire;
      initial.current = eventValues(saved);
      // The save read the event again: its version is the one the next save changes.
      version.current = creating ? undefined : versionOf('events', numeric);
      form.reset(initial.current);
      toast({
        tone: 'success',
        message:
          scope === 'following' || scope === 'all' || scope === 'series'
            ? t('editor.savedSeries', { title: decodeEntities(saved.title) })
            : t('editor.saved', { title: decodeEntities(saved.title) }),
      });
      if (creating) navigate(`/events/${saved.id}`, { replace: true });
    } catch (failure) {
      if (numeric !== null && isConflict(failure)) {
        submitting.current = false;
        return resolveConflict(numeric, event);
      }
      showErrors(plainFieldErrors(failure));
    } finally {
      submitting.current = false;
    }
  };

  /** Someone else saved meanwhile: take their version, or save these values over it. */
  async function resolveConflict(id: number, event: FormEvent) {
    const fresh = await item.refetch();
    const theirs = fresh.data && eventValues(fresh.data);
    await settleConflict(
      theirs,
      () => versionOf('events', id),
      form.reset,
      () => submit(event),
    );
  }

  if (isPending)
    return (
      <div className="screen-loading">
        <Spinner label={t('editor.loading')} />
      </div>
    );
  if (numeric !== null && error) return <LoadFailure kind="events" id={numeric} error={error} />;

  // A conflict is answered by its dialog, not shown as an error.
  const saveError =
    save.error && !isConflict(save.error) && Object.keys(serverErrors(save.error)).length === 0
      ? save.error
      : null;
  const title =
    numeric === null ? t('editor.newEvent') : decodeEntities(data?.title ?? '') || t('ui.untitled');
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            {data?.url && data.status === 'publish' && (
              <a className="btn btn--small" href={data.url} target="_blank" rel="noreferrer">
                {t('editor.viewPage')}
              </a>
            )}
            {numeric !== null && data && !trashed && (
              <Button small onClick={() => navigate(`/events/new?copy=${numeric}`)}>
                {t('editor.duplicate')}
              </Button>
            )}
            <Link to="/events">{t('editor.allEvents')}</Link>
          </>
        }
      >
        {data ? <StatusBadge status={data.status} /> : null}
        {data ? <EventStatusMark event={data} /> : null}
        {data ? <SeriesNote event={data} /> : null}
      </PageHeader>
      {numeric !== null && trashed && (
        <TrashedBanner kind="events" id={numeric} author={data.author} />
      )}
      <form
        ref={formRef}
        onSubmit={submit}
        onKeyDown={numeric === null ? holdEnter : undefined}
        noValidate
        aria-label={t('editor.details')}
      >
        {saveError ? <ErrorNote error={saveError} title={t('editor.notSaved')} plain /> : null}
        {Object.keys(form.errors).length > 0 && (
          <div className="note note--error" role="alert" tabIndex={-1}>
            {t('editor.checkFields')}
            {looseErrors(form.errors).map(([name, message]) => (
              <p key={name}>
                {name}: {message}
              </p>
            ))}
          </div>
        )}
        <fieldset className="editor" disabled={trashed}>
          <div>
            <EventMainFields form={form} />
            <RepeatField
              form={form}
              anchor={series !== null ? data?.original_start_date : undefined}
            />
            <EventLinks form={form} />
          </div>
          <div className="editor__side">
            <EventStatusField form={form} />
            <EventSide form={form} creating={numeric === null} saving={save.isPending} />
            {numeric !== null && data && !trashed && (
              <LifecycleActions
                kind="events"
                id={numeric}
                askScope={
                  series !== null ? () => askScope({ action: 'trash', event: data }) : undefined
                }
              />
            )}
          </div>
        </fieldset>
        {!trashed && (
          <div className="form-actions sticky-actions">
            <Button type="submit" variant="primary" busy={save.isPending}>
              {numeric === null ? t('editor.create') : t('editor.save')}
            </Button>
            {form.dirty && <span className="muted">{t('editor.unsaved')}</span>}
          </div>
        )}
      </form>
      {scopeDialog}
      {conflictDialog}
    </>
  );
}

const SUBMITTING_INPUTS = new Set(['checkbox', 'radio', 'submit', 'button', 'image', 'reset']);

/**
 * A new event is created by its Create button only: Enter in one of its fields (the title,
 * typed first) would otherwise submit and publish it half filled.
 */
function holdEnter(event: KeyboardEvent<HTMLFormElement>): void {
  const target = event.target;
  if (
    event.key === 'Enter' &&
    target instanceof HTMLInputElement &&
    !SUBMITTING_INPUTS.has(target.type)
  ) {
    event.preventDefault();
  }
}

/** Messages about parameters that no field of the form shows: listed in the form's note. */
function looseErrors(errors: Record<string, string>): Array<[string, string]> {
  const shown = new Set([...Object.keys(emptyEvent()), 'start_date', 'end_date', 'date']);
  return Object.entries(errors).filter(([name]) => !shown.has(name));
}

/** The API names dates start_date/end_date/date; the form calls its inputs start/end/published. */
function mapErrors(errors: Record<string, string>): Record<string, string> {
  const out = { ...errors };
  if (out.start_date) out.start = out.start_date;
  if (out.end_date) out.end = out.end_date;
  if (out.date) out.published = out.date;
  return out;
}
