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

const FIELDS: FieldSpec[] = [
  {
    name: 'per_page',
    label: 'Items per page',
    type: 'number',
    hint: 'Default page size of listings, 1 to 50.',
  },
  {
    name: 'language',
    label: 'Language',
    type: 'select',
    options: [
      ['en', 'English'],
      ['fr', 'Français'],
    ],
    hint: 'Language of parameter descriptions.',
  },
  { name: 'currency_symbol', label: 'Currency symbol' },
  { name: 'currency_code', label: 'Currency code', hint: 'Three letters, such as EUR.' },
  {
    name: 'currency_position',
    label: 'Symbol position',
    type: 'select',
    options: [
      ['prefix', 'Before the amount ($20)'],
      ['postfix', 'After the amount (20$)'],
    ],
  },
  {
    name: 'public_url',
    label: 'Public URL',
    type: 'url',
    wide: true,
    hint: 'Used in links the API returns; empty: the address each request used.',
  },
  {
    name: 'cors_origins',
    label: 'Allowed CORS origins',
    type: 'textarea',
    hint: 'One origin per line, such as https://example.org.',
  },
];

/** What the server does with the site's zone (server/resources/events/fields.ts, listing.ts). */
const ZONE_HINT =
  'Used for new events saved without a zone, for dates in listings and feeds, and for the ' +
  'calendar’s default display. Changing it moves no existing event: each keeps the zone it ' +
  'was saved with and its exact time.';

export default function SettingsScreen() {
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
    'Settings saved.',
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
      <PageHeader title="Settings">Site-wide defaults for the calendar and its API.</PageHeader>
      <form className="card" onSubmit={submit} noValidate aria-label="Settings">
        {overridden.length > 0 && (
          <div className="note note--warning">
            Set on the command line or in the environment, so changes here wait until it is not:{' '}
            {overridden.join(', ')}.
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
            hint={ZONE_HINT}
          />
        </FieldGrid>
        <SubmitRow label="Save settings" busy={save.isPending} disabled={!form.dirty} />
      </form>
      <StartAtLogin />
    </>
  );
}
