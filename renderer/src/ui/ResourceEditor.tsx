/**
 * Create/edit screen for venues, organizers, categories and tags, from a field list and a zod
 * schema. Saving is optimistic (useSave) and server messages land next to their fields.
 */
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { newIdempotencyKey } from '../api/client';
import { useItem, useSave } from '../api/hooks';
import { versionOf } from '../api/versions';
import { nameOf, type ItemOf, type Kind } from '../api/resources';
import { Link } from '../app/Link';
import { navigate, useLeaveGuard } from '../app/router';
import { Button } from './Button';
import { ErrorNote } from './ErrorNote';
import { FormFields, type FieldSpec } from './FormFields';
import { changed, serverErrors, useForm, zodErrors, type Errors, type Values } from './form';
import { LifecycleActions } from './LifecycleActions';
import { LoadFailure, TrashedBanner } from './TrashedNotice';
import { plainFieldErrors } from './plainErrors';
import { useErrorFocus } from './useErrorFocus';
import { PageHeader } from './PageHeader';
import { Spinner } from './Spinner';
import { StatusBadge } from './StatusBadge';
import { TermDelete } from './TermDelete';
import { useToast } from './toasts';
import { useT } from '../i18n';
import { isConflict, useConflictResolver } from './ConflictDialog';

export interface EditorConfig<K extends Kind> {
  kind: K;
  fields: FieldSpec[];
  createSchema: z.ZodType;
  empty: Values;
  toValues(item: ItemOf[K]): Values;
  /** Extra controls below the fields (switches, image…). */
  extras?(values: Values, set: (name: string, value: unknown) => void, errors: Errors): ReactNode;
  posts: boolean;
  /** Turns form values into the payload (drop empty fields the API would refuse…). */
  prepare?(values: Values): Values;
}

/** The image preview URL lives in the form only; the API takes the image's id or URL. */
export function withoutPreview(values: Values): Values {
  return Object.fromEntries(Object.entries(values).filter(([key]) => key !== 'imagePreview'));
}

export function ResourceEditor<K extends Kind>({
  id,
  config,
}: {
  id: string;
  config: EditorConfig<K>;
}) {
  const { kind } = config;
  const numeric = id === 'new' ? null : Number(id);
  const item = useItem(kind, numeric);
  const save = useSave(kind, numeric);
  const toast = useToast();
  const t = useT();
  const words = `resource.${kind}` as const;
  const form = useForm<Values>(config.empty);
  const loaded = useRef<Values>(config.empty);
  /** The version the form's values came from, named by the save (If-Match). */
  const version = useRef<string | undefined>(undefined);
  /** One key for every attempt at creating this item (Idempotency-Key). */
  const createKey = useRef(newIdempotencyKey());
  const [conflictDialog, settleConflict] = useConflictResolver(loaded, version);
  const [formRef, focusFirstError] = useErrorFocus();
  const showErrors = (errors: Errors) => {
    form.setErrors(errors);
    focusFirstError();
  };
  // Typed, then typed back: nothing to lose.
  const prepareValues = config.prepare ?? ((values: Values) => values);
  useLeaveGuard(
    form.dirty &&
      Object.keys(changed(prepareValues(loaded.current), prepareValues(form.values))).length > 0,
  );

  useEffect(() => {
    if (item.data && !form.dirty) {
      loaded.current = config.toValues(item.data);
      version.current = numeric === null ? undefined : versionOf(kind, numeric);
      form.reset(loaded.current);
    }
    // Reload only when the server's copy changes, never over the user's typing.
  }, [item.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const prepare = config.prepare ?? ((values: Values) => values);
    const payload = prepare(form.values);
    const clientErrors = zodErrors(config.createSchema, payload);
    if (Object.keys(clientErrors).length > 0) return showErrors(clientErrors);
    const body = numeric === null ? payload : changed(prepare(loaded.current), payload);
    try {
      const saved = await save.mutateAsync({
        body,
        ifMatch: version.current,
        idempotencyKey: numeric === null ? createKey.current : undefined,
      });
      loaded.current = config.toValues(saved);
      // The save read the item again: its version is the one the next save changes.
      version.current = numeric === null ? undefined : versionOf(kind, numeric);
      form.reset(loaded.current);
      toast({ tone: 'success', message: t('resourceEditor.saved', { name: nameOf(kind, saved) }) });
      if (numeric === null) navigate(`/${kind}/${(saved as { id: number }).id}`, { replace: true });
    } catch (failure) {
      if (numeric !== null && isConflict(failure)) return resolveConflict(numeric, event);
      showErrors(plainFieldErrors(failure));
    }
  };

  /** Someone else saved meanwhile: take their version, or save these values over it. */
  async function resolveConflict(id: number, event: FormEvent) {
    const fresh = await item.refetch();
    const theirs = fresh.data && config.toValues(fresh.data);
    await settleConflict(
      theirs,
      () => versionOf(kind, id),
      form.reset,
      () => submit(event),
    );
  }

  if (numeric !== null && item.isPending)
    return (
      <div className="screen-loading">
        <Spinner label={t(`${words}.loadingOne`)} />
      </div>
    );
  if (numeric !== null && item.error)
    return <LoadFailure kind={kind} id={numeric} error={item.error} />;

  const status = item.data && 'status' in item.data ? String(item.data.status) : undefined;
  const trashed = status === 'trash';
  const author = item.data && 'author' in item.data ? item.data.author : undefined;
  const title = numeric === null ? t(`${words}.new`) : nameOf(kind, item.data ?? {});
  // A conflict is answered by its dialog, not shown as an error.
  const unknownErrors =
    save.error && !isConflict(save.error) && Object.keys(serverErrors(save.error)).length === 0;
  return (
    <>
      <PageHeader title={title} actions={<Link to={`/${kind}`}>{t(`${words}.all`)}</Link>}>
        {status ? <StatusBadge status={status} /> : null}
      </PageHeader>
      {numeric !== null && trashed && <TrashedBanner kind={kind} id={numeric} author={author} />}
      <div className="editor">
        <form
          ref={formRef}
          className="card"
          onSubmit={submit}
          noValidate
          aria-label={t(`${words}.details`)}
        >
          {unknownErrors ? (
            <ErrorNote error={save.error} title={t('editor.notSaved')} plain />
          ) : null}
          <fieldset className="form-grid" disabled={trashed}>
            <FormFields
              fields={config.fields}
              values={form.values}
              errors={form.errors}
              onChange={form.set}
            />
            {config.extras?.(form.values, form.set, form.errors)}
          </fieldset>
          {!trashed && (
            <div className="form-actions sticky-actions">
              <Button type="submit" variant="primary" busy={save.isPending}>
                {numeric === null ? t(`${words}.create`) : t('editor.save')}
              </Button>
              {form.dirty && <span className="muted">{t('editor.unsaved')}</span>}
            </div>
          )}
        </form>
        {numeric !== null && item.data && (
          <aside className="editor__side">
            {config.posts && status && !trashed ? (
              <LifecycleActions kind={kind} id={numeric} />
            ) : null}
            {!config.posts && <TermDelete kind={kind} id={numeric} />}
          </aside>
        )}
      </div>
      {conflictDialog}
    </>
  );
}
