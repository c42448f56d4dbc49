/**
 * Subscribe: the calendar feed's address (whole calendar, or one category, tag, venue or
 * organizer) as a webcal link, an address to copy and a QR code for phones on the LAN.
 */
import { useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { useAdminRead, useAll } from '../api/hooks';
import { nameOf, type Kind } from '../api/resources';
import { useAuth } from '../app/auth';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { PageHeader } from '../ui/PageHeader';
import { Switch } from '../ui/Switch';
import { useToast } from '../ui/toasts';
import type { NetworkWire } from '../../../shared/schemas/wire';
import { feedAddress, type FeedScope } from './feedAddress';

const SCOPES: Array<{ value: FeedScope; label: string; kind?: Kind }> = [
  { value: 'all', label: 'The whole calendar' },
  { value: 'categories', label: 'One category', kind: 'categories' },
  { value: 'tags', label: 'One tag', kind: 'tags' },
  { value: 'venue', label: 'One venue', kind: 'venues' },
  { value: 'organizer', label: 'One organizer', kind: 'organizers' },
];

/** The origins others can reach: the LAN addresses when sharing is on, else this one. */
function useOrigins(isAdmin: boolean): string[] {
  const network = useAdminRead<NetworkWire>('network', isAdmin);
  const lan = (network.data?.console_urls ?? []).map((url) => new URL(url).origin);
  return [...new Set([...lan, window.location.origin])];
}

export default function Subscribe() {
  const { user } = useAuth();
  const toast = useToast();
  const [scope, setScope] = useState<FeedScope>('all');
  const [value, setValue] = useState('');
  const [privateFeed, setPrivateFeed] = useState(false);
  const origins = useOrigins(user?.role === 'administrator');
  const [origin, setOrigin] = useState<string | null>(null);
  const chosen = origin && origins.includes(origin) ? origin : origins[0]!;
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
      toast({ tone: 'success', message: 'Address copied.' });
    } catch {
      toast({ tone: 'error', message: 'Copy failed: select the address and copy it.' });
    }
  }

  return (
    <>
      <PageHeader title="Subscribe">
        Add this calendar to Google Calendar, Apple Calendar, Outlook or Thunderbird: new and
        changed events appear there by themselves.
      </PageHeader>
      <div className="card subscribe">
        <div className="subscribe__form">
          <Field label="What to subscribe to">
            <select
              value={scope}
              onChange={(e) => {
                setScope(e.target.value as FeedScope);
                setValue('');
              }}
            >
              {SCOPES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </Field>
          {kind && (
            <Field label={SCOPES.find((s) => s.value === scope)!.label}>
              <select value={value} onChange={(e) => setValue(e.target.value)}>
                <option value="">Choose…</option>
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
          {origins.length > 1 && (
            <Field label="Address" hint="Phones and other computers need a LAN address.">
              <select value={chosen} onChange={(e) => setOrigin(e.target.value)}>
                {origins.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Switch
            label="Private feed"
            hint="Also drafts and private events you may read; the calendar app asks for your login and an app password."
            checked={privateFeed}
            onChange={setPrivateFeed}
          />
          <div className="subscribe__links">
            <a className="btn btn--primary" href={address.webcal}>
              Open in my calendar app
            </a>
            <div className="subscribe__copy">
              <input
                readOnly
                aria-label="Feed address"
                value={address.http}
                onFocus={(e) => e.target.select()}
              />
              <Button onClick={() => void copy()}>Copy link</Button>
            </div>
          </div>
        </div>
        <figure className="sharing__qr">
          <QRCodeSVG
            value={address.webcal}
            size={184}
            marginSize={2}
            title={`QR code for ${address.webcal}`}
          />
          <figcaption>Scan with a phone on the same network.</figcaption>
        </figure>
      </div>
    </>
  );
}
