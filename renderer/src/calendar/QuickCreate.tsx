/**
 * Quick create: a click or a drag on the calendar's grid opens this small popover with a title
 * and the times picked. **Create** saves a draft (docs/console.md, "Quick create": a title and a
 * time are not yet an event people should see); **More options** opens the full editor with what
 * was typed. Focus moves into it and stays there, Escape or a click outside closes it, and focus
 * goes back where it was.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { eventFormSchema } from '../../../shared/schemas/event';
import type { EventWire } from '../../../shared/schemas/wire';
import { api, ev, newIdempotencyKey } from '../api/client';
import { invalidate } from '../api/hooks';
import { decodeEntities } from '../api/resources';
import { navigate } from '../app/router';
import { Button } from '../ui/Button';
import { InputField } from '../ui/InputField';
import { keepTabInside } from '../ui/keepTabInside';
import { Switch } from '../ui/Switch';
import { zodErrors } from '../ui/form';
import { plainFieldErrors, plainMessage } from '../ui/plainErrors';
import { useToast } from '../ui/toasts';
import { endKeepingLength, fromInput, toInput } from '../events/dates';
import { t } from '../i18n';

/** What the grid picked: input values (datetime-local, or dates when all day) in `zone`. */
export interface QuickPick {
  start: string;
  end: string;
  allDay: boolean;
  zone: string;
  /** Where the pick was made, to place the popover beside it (viewport pixels). */
  x: number;
  y: number;
}

/** The editor's address for a new event filled with these values (EventEditor reads them). */
export function moreOptionsPath(values: { title: string } & Omit<QuickPick, 'x' | 'y'>): string {
  const query = new URLSearchParams({
    title: values.title,
    start: values.start,
    end: values.end,
    ...(values.allDay ? { all_day: '1' } : {}),
    timezone: values.zone,
  });
  return `/events/new?${query.toString()}`;
}

const WIDTH = 320;

/** Beside the pick, inside the window; a sheet along the bottom on a phone (CSS). */
function placement(pick: QuickPick): { left: number; top: number } {
  const left = Math.max(8, Math.min(pick.x + 12, window.innerWidth - WIDTH - 8));
  const top = Math.max(8, Math.min(pick.y - 40, window.innerHeight - 360));
  return { left, top };
}

const FOCUSABLE = 'input, button:not(:disabled)';

export function QuickCreate({ pick, onClose }: { pick: QuickPick; onClose(): void }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const client = useQueryClient();
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [start, setStart] = useState(pick.start);
  const [end, setEnd] = useState(pick.end);
  const [allDay, setAllDay] = useState(pick.allDay);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // One key for every attempt at creating this event: a double click creates one.
  const key = useRef(newIdempotencyKey());

  useEffect(() => {
    box.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  const body = () => ({
    title: title.trim(),
    start_date: fromInput(start, allDay),
    end_date: fromInput(end, allDay, true),
    all_day: allDay,
    timezone: pick.zone,
    // Never published from here: see the module's comment.
    status: 'draft',
  });

  const check = (): boolean => {
    const found = zodErrors(eventFormSchema, body());
    if (title.trim() === '') found.title = t('quick.titleNeeded');
    const shown: Record<string, string> = {};
    if (found.title) shown.title = found.title;
    if (found.start_date) shown.start = found.start_date;
    if (found.end_date) shown.end = found.end_date;
    setErrors(shown);
    const first = box.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]');
    first?.focus();
    return Object.keys(shown).length === 0;
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !check()) return;
    setBusy(true);
    try {
      const saved = await api<EventWire>(ev('events'), {
        method: 'POST',
        body: body(),
        headers: { 'idempotency-key': key.current },
      });
      invalidate(client, 'events');
      onClose();
      toast({
        tone: 'success',
        message: t('quick.created', { title: decodeEntities(saved.title) }),
        action: { label: t('common.open'), run: () => navigate(`/events/${saved.id}`) },
      });
    } catch (failure) {
      const fields = plainFieldErrors(failure);
      setErrors({
        ...(fields.title ? { title: fields.title } : {}),
        ...(fields.start_date ? { start: fields.start_date } : {}),
        ...(fields.end_date ? { end: fields.end_date } : {}),
        ...(!fields.title && !fields.start_date && !fields.end_date
          ? { form: Object.values(fields)[0] ?? plainMessage(failure) }
          : {}),
      });
    } finally {
      setBusy(false);
    }
  };

  const more = () => {
    onClose();
    navigate(moreOptionsPath({ title, start, end, allDay, zone: pick.zone }));
  };

  const toggleAllDay = (on: boolean) => {
    setStart(toInput(fromInput(start, allDay), on));
    setEnd(toInput(fromInput(end, allDay, true), on));
    setAllDay(on);
  };

  const moveStart = (value: string) => {
    const next = endKeepingLength(start, end, value, allDay);
    if (next !== undefined) setEnd(next);
    setStart(value);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    keepTabInside(event, [...(box.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])]);
  };

  const type = allDay ? 'date' : 'datetime-local';
  return (
    <div className="quick-create__backdrop" onMouseDown={onClose}>
      <div
        ref={box}
        className="quick-create card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        style={placement(pick)}
        onKeyDown={onKeyDown}
        onMouseDown={(event) => event.stopPropagation()}
      >
        <h2 id={`${id}-title`}>{t('quick.heading')}</h2>
        <form onSubmit={create} noValidate>
          <InputField
            label={t('editor.title')}
            value={title}
            onChange={(value) => {
              setTitle(value);
              setErrors(({ title: _gone, ...rest }) => rest);
            }}
            error={errors.title}
            required
          />
          <InputField
            label={t('editor.starts')}
            type={type}
            value={start}
            onChange={moveStart}
            error={errors.start}
          />
          <InputField
            label={t('editor.ends')}
            type={type}
            value={end}
            onChange={setEnd}
            error={errors.end}
          />
          <Switch label={t('editor.allDay')} checked={allDay} onChange={toggleAllDay} />
          <p className="field__hint">{t('quick.draftHint')}</p>
          {errors.form && (
            <p className="note note--error" role="alert">
              {errors.form}
            </p>
          )}
          <div className="quick-create__actions">
            <Button type="submit" variant="primary" busy={busy}>
              {t('quick.create')}
            </Button>
            <Button onClick={more}>{t('quick.more')}</Button>
            <Button variant="ghost" onClick={onClose}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
