/**
 * Subscribe: the calendar feed's address (whole calendar, or one category, tag, venue or
 * organizer) as a webcal link and an address to copy, and a QR code for phones, but only with
 * an address a phone can reach (a LAN address while sharing is on, or the public URL): with
 * sharing off the address is this computer's own, said to be for this computer only. Google
 * Calendar subscribes from Google's servers, which cannot reach a local network: the screen
 * says so unless the public URL is on the internet.
 */
import { useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { useAll } from '../api/hooks';
import { nameOf, type Kind } from '../api/resources';
import { useAuth } from '../app/auth';
import { useReach } from '../connect/useReach';
import { useCatalogue, useT } from '../i18n';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { PageHeader } from '../ui/PageHeader';
import { Switch } from '../ui/Switch';
import { useToast } from '../ui/toasts';
import { feedAddress, type FeedScope } from './feedAddress';

const SCOPES: Array<{ value: FeedScope; kind?: Kind }> = [
  { value: 'all' },
  { value: 'categories', kind: 'categories' },
  { value: 'tags', kind: 'tags' },
  { value: 'venue', kind: 'venues' },
  { value: 'organizer', kind: 'organizers' },
];

export default function Subscribe() {
  useCatalogue('devices');
  const t = useT();
  const { user } = useAuth();
  const toast = useToast();
  const reach = useReach();
  const [scope, setScope] = useState<FeedScope>('all');
  const [value, setValue] = useState('');
  const [privateFeed, setPrivateFeed] = useState(false);
  const [origin, setOrigin] = useState<string | null>(null);
  const reachable = reach.data?.origins ?? [];
  const phones = reachable.length > 0;
  const choices = phones ? reachable : [window.location.origin];
  const chosen = origin && choices.includes(origin) ? origin : choices[0]!;
  const kind = SCOPES.find((s) => s.value === scope)?.kind;
  const items = useAll(kind ?? 'categories', {});
  const options = kind ? (items.data ?? []) : [];
  const address = feedAddress(chosen, {
    scope,
    value: scope === 'all' ? '' : value,
    privateFeed,
  });

  async function copy() {
    try {
      await navigator.clipboard.writeText(address.http);
      toast({ tone: 'success', message: t('subscribe.copied') });
    } catch {
      toast({ tone: 'error', message: t('subscribe.copyFailed') });
    }
  }

  return (
    <>
      <PageHeader title={t('subscribe.title')}>{t('subscribe.lead')}</PageHeader>
      <div className="card subscribe">
        <div className="subscribe__form">
          <Field label={t('subscribe.what')}>
            <select
              value={scope}
              onChange={(e) => {
                setScope(e.target.value as FeedScope);
                setValue('');
              }}
            >
              {SCOPES.map((s) => (
                <option key={s.value} value={s.value}>
                  {t(`subscribe.scopes.${s.value}`)}
                </option>
              ))}
            </select>
          </Field>
          {kind && (
            <Field label={t(`subscribe.scopes.${scope}`)}>
              <select value={value} onChange={(e) => setValue(e.target.value)}>
                <option value="">{t('subscribe.choose')}</option>
                {options.map((item) => {
                  const slug = (item as { slug?: string }).slug ?? String(item.id);
                  return (
                    <option key={item.id} value={slug}>
                      {nameOf(kind, item)}
                    </option>
                  );
                })}
              </select>
            </Field>
          )}
          {choices.length > 1 && (
            <Field label={t('subscribe.address')} hint={t('subscribe.addressHint')}>
              <select value={chosen} onChange={(e) => setOrigin(e.target.value)}>
                {choices.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Switch
            label={t('subscribe.privateFeed')}
            hint={t('subscribe.privateHint')}
            checked={privateFeed}
            onChange={setPrivateFeed}
          />
          <div className="subscribe__links">
            <a className="btn btn--primary" href={address.webcal}>
              {t('subscribe.openApp')}
            </a>
            <div className="subscribe__copy">
              <input
                readOnly
                aria-label={t('subscribe.feedAddress')}
                value={address.http}
                onFocus={(e) => e.target.select()}
              />
              <Button onClick={() => void copy()}>{t('subscribe.copy')}</Button>
            </div>
            {reach.data && !phones && (
              <p className="muted subscribe__local">{t('subscribe.thisComputerOnly')}</p>
            )}
          </div>
          {reach.data && !reach.data.internet && (
            <p className="note note--info subscribe__google">{t('subscribe.google')}</p>
          )}
        </div>
        {phones ? (
          <figure className="sharing__qr">
            <QRCodeSVG
              value={address.webcal}
              size={184}
              marginSize={2}
              title={t('subscribe.qrTitle', { url: address.webcal })}
            />
            <figcaption>{t('subscribe.qrCaption')}</figcaption>
          </figure>
        ) : reach.data ? (
          <p className="note note--warning subscribe__phones" role="status">
            {user?.role === 'administrator'
              ? t('subscribe.phonesOff')
              : t('subscribe.phonesOffOther')}
          </p>
        ) : null}
      </div>
    </>
  );
}
