import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SITE_ZONE_KEY } from '../calendar/displayZone';
import { ErrorNote } from '../ui/ErrorNote';
import { PageHeader } from '../ui/PageHeader';
import { Spinner } from '../ui/Spinner';
import { TimezoneField } from '../events/TimezoneField';
import { useSettingsForm } from './useSettings';
import { FormFields, type FieldSpec } from '../ui/FormFields';
import { FieldGrid, FormError, SubmitRow } from '../ui/FormLayout';
import { StartAtLogin } from './StartAtLogin';
import { LogoField } from './LogoField';

/** What the public pages show of the site (server/public/html.ts), first on the screen. */
const IDENTITY: FieldSpec[] = [
  { name: 'site_name', label: 'siteIdentity.name', hint: 'siteIdentity.nameHint', required: true },
];
import { consoleLocale, useCatalogue, useT } from '../i18n';

const FIELDS: FieldSpec[] = [
  {
    name: 'per_page',
    label: 'settings.perPage',
    type: 'number',
    hint: 'settings.perPageHint',
  },
  {
    name: 'language',
    label: 'common.language',
    type: 'select',
    options: [
      ['en', 'languageChoice.en'],
      ['fr', 'languageChoice.fr'],
    ],
    hint: 'settings.languageHint',
  },
  { name: 'currency_symbol', label: 'settings.currencySymbol' },
  {
    name: 'currency_code',
    label: 'settings.currencyCode',
    hint: 'settings.currencyCodeHint',
  },
  {
    name: 'currency_position',
    label: 'settings.position',
    type: 'select',
    options: [
      ['prefix', 'settings.prefix'],
      ['postfix', 'settings.postfix'],
    ],
  },
  {
    name: 'public_url',
    label: 'settings.publicUrl',
    type: 'url',
    wide: true,
    hint: 'settings.publicUrlHint',
  },
  {
    name: 'cors_origins',
    label: 'settings.cors',
    type: 'textarea',
    hint: 'settings.corsHint',
  },
];

export default function SettingsScreen() {
  useCatalogue('admin');
  const t = useT();
  const { settings, save, form, submit } = useSettingsForm(
    (s) => ({
      site_name: s.site_name,
      site_logo: String(s.site_logo),
      timezone: s.timezone,
      per_page: String(s.per_page),
      language: s.language,
      currency_symbol: s.currency_symbol,
      currency_code: s.currency_code,
      currency_position: s.currency_position,
      public_url: s.public_url,
      cors_origins: s.cors_origins.join('\n'),
    }),
    t('settings.saved'),
  );

  const client = useQueryClient();
  const savedZone = settings.data?.timezone;
  // The calendar shows the site's zone by default: let it read the new one.
  useEffect(() => {
    if (savedZone !== undefined) void client.invalidateQueries({ queryKey: SITE_ZONE_KEY });
  }, [client, savedZone]);

  if (settings.isPending) return <Spinner />;
  if (settings.error) return <ErrorNote error={settings.error} />;
  const overridden = settings.data.overridden ?? [];
  return (
    <>
      <PageHeader title={t('nav.settings')}>{t('settings.lead')}</PageHeader>
      <form className="card" onSubmit={submit} noValidate aria-label={t('nav.settings')}>
        {overridden.length > 0 && (
          <div className="note note--warning">
            {t('settings.overridden', {
              names: new Intl.ListFormat(consoleLocale(), { type: 'unit' }).format(overridden),
            })}
          </div>
        )}
        <FormError error={save.error} />
        <div className="form-grid settings-identity">
          <FormFields
            fields={IDENTITY}
            values={form.values}
            errors={form.errors}
            onChange={(name, value) => form.set(name, String(value))}
          />
          <LogoField
            value={form.values.site_logo ?? '0'}
            error={form.errors.site_logo}
            onChange={(v) => form.set('site_logo', v)}
          />
        </div>
        <FieldGrid fields={FIELDS} form={form}>
          <TimezoneField
            value={form.values.timezone ?? ''}
            error={form.errors.timezone}
            onChange={(v) => form.set('timezone', v)}
            // What the server does with it: server/resources/events/fields.ts, listing.ts.
            hint={t('settings.zoneHint')}
          />
        </FieldGrid>
        <SubmitRow label={t('settings.save')} busy={save.isPending} disabled={!form.dirty} />
      </form>
      <StartAtLogin />
    </>
  );
}
