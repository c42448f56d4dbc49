import { useMemo } from 'react';
import { sample } from 'openapi-sampler';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import type { Operation } from './operations';
import type { Draft } from './send';
import { useT } from '../i18n';

interface Props {
  op: Operation;
  draft: Draft;
  onChange(draft: Draft): void;
  onSend(): void;
  onCopy(): void;
  busy: boolean;
}

export function exampleBody(op: Operation, requiredOnly: boolean): string {
  if (!op.bodySchema) return '';
  try {
    return JSON.stringify(
      sample(op.bodySchema, { skipNonRequired: requiredOnly, skipReadOnly: true }),
      null,
      2,
    );
  } catch {
    return '{}';
  }
}

/** Path, query and body parameters of one operation, from its schema. */
export function RequestForm({ op, draft, onChange, onSend, onCopy, busy }: Props) {
  const t = useT();
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const bodyParams = op.params.filter((p) => p.in === 'body');
  const setValue = (name: string, value: string) =>
    onChange({ ...draft, values: { ...draft.values, [name]: value } });
  const bodyError = useMemo(() => {
    if (!draft.body.trim()) return undefined;
    try {
      JSON.parse(draft.body);
      return undefined;
    } catch (e) {
      return t('explorer.notJson', { message: (e as Error).message });
    }
  }, [draft.body]);

  const input = (p: Operation['params'][number]) => (
    <Field
      key={`${p.in}-${p.name}`}
      label={`${p.name}${p.required ? ' *' : ''}`}
      hint={[p.type, p.description].filter(Boolean).join(' · ')}
    >
      {p.enum ? (
        <select
          value={draft.values[p.name] ?? ''}
          onChange={(e) => setValue(p.name, e.target.value)}
        >
          <option value="">—</option>
          {p.enum.map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
      ) : (
        <input
          value={draft.values[p.name] ?? ''}
          onChange={(e) => setValue(p.name, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form
      className="card"
      aria-label={t('explorer.request')}
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      <div className="explorer__url">
        <span className={`method method--${op.method.toLowerCase()}`}>{op.method}</span>
        <code>{op.path}</code>
      </div>
      {/* The API's own words (translate="no": data, not the console's). */}
      {op.summary && (
        <p className="muted" translate="no">
          {op.summary}
        </p>
      )}
      {pathParams.length > 0 && (
        <fieldset className="explorer__params">
          <legend>{t('explorer.path')}</legend>
          <div className="form-grid" translate="no">
            {pathParams.map(input)}
          </div>
        </fieldset>
      )}
      {queryParams.length > 0 && (
        <fieldset className="explorer__params">
          <legend>{t('explorer.query')}</legend>
          <div className="form-grid" translate="no">
            {queryParams.map(input)}
          </div>
        </fieldset>
      )}
      {op.method !== 'GET' && op.method !== 'DELETE' && (
        <fieldset className="explorer__params">
          <legend>{t('explorer.body')}</legend>
          {bodyParams.length > 0 && (
            <p className="field__hint">
              {t('explorer.fields')}{' '}
              <span translate="no">
                {bodyParams.map((p) => `${p.name}${p.required ? '*' : ''}`).join(', ')}
              </span>
            </p>
          )}
          <Field label={t('explorer.requestBody')} error={bodyError}>
            <textarea
              className="code"
              rows={8}
              spellCheck={false}
              value={draft.body}
              onChange={(e) => onChange({ ...draft, body: e.target.value })}
            />
          </Field>
          <div className="form-actions">
            <Button small onClick={() => onChange({ ...draft, body: exampleBody(op, false) })}>
              {t('explorer.everyField')}
            </Button>
            <Button
              small
              variant="ghost"
              onClick={() => onChange({ ...draft, body: exampleBody(op, true) })}
            >
              {t('explorer.requiredOnly')}
            </Button>
          </div>
        </fieldset>
      )}
      <div className="form-actions sticky-actions">
        <fieldset className="explorer__auth">
          <legend className="visually-hidden">{t('explorer.sendAs')}</legend>
          <label className="check">
            <input
              type="radio"
              name="auth"
              checked={!draft.anonymous}
              onChange={() => onChange({ ...draft, anonymous: false })}
            />{' '}
            {t('explorer.asMe')}
          </label>
          <label className="check">
            <input
              type="radio"
              name="auth"
              checked={draft.anonymous}
              onChange={() => onChange({ ...draft, anonymous: true })}
            />{' '}
            {t('explorer.anonymously')}
          </label>
        </fieldset>
        <span className="form-actions__spacer" />
        <Button onClick={onCopy}>{t('explorer.copyCurl')}</Button>
        <Button type="submit" variant="primary" busy={busy} disabled={bodyError !== undefined}>
          {t('explorer.send')}
        </Button>
      </div>
    </form>
  );
}
