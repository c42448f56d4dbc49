/** LAN sharing: the switch, the addresses the server answers on, and a QR code for phones. */
import { useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { useAdminRead } from '../api/hooks';
import { ErrorNote } from '../ui/ErrorNote';
import { PageHeader } from '../ui/PageHeader';
import { Spinner } from '../ui/Spinner';
import { Switch } from '../ui/Switch';
import { useSaveSettings, useSettings } from './useSettings';
import type { NetworkWire } from '../../../shared/schemas/wire';
import { useCatalogue, useT } from '../i18n';

export default function Sharing() {
  useCatalogue('admin');
  const t = useT();
  const settings = useSettings();
  const save = useSaveSettings();
  const network = useAdminRead<NetworkWire>('network');
  const [chosen, setChosen] = useState<string | null>(null);
  const on = settings.data?.lan_sharing ?? false;
  const urls = network.data?.console_urls ?? [];
  const fallback = settings.data?.public_url ? [`${settings.data.public_url}/console/`] : [];
  const choices = urls.length > 0 ? urls : fallback;
  const url = chosen && choices.includes(chosen) ? chosen : choices[0];
  return (
    <>
      <PageHeader title={t('nav.sharing')}>{t('sharing.lead')}</PageHeader>
      <div className="card">
        <Switch
          label={t('sharing.share')}
          hint={t('sharing.shareHint')}
          checked={on}
          disabled={settings.isPending || save.isPending || network.data?.fixed_by_config}
          onChange={(v) => save.mutate({ lan_sharing: v })}
        />
        {network.data?.fixed_by_config && (
          <p className="note note--warning">{t('sharing.fixed')}</p>
        )}
        <ErrorNote error={save.error ?? settings.error} />
      </div>
      <div className="card sharing">
        <div>
          <h2>{t('sharing.addresses')}</h2>
          <ErrorNote error={network.error} />
          {network.isPending && <Spinner />}
          {on && choices.length === 0 && !network.isPending && (
            <p className="muted">{t('sharing.noAddress')}</p>
          )}
          {!on && <p className="muted">{t('sharing.off')}</p>}
          {on && choices.length > 0 && (
            <ul className="sharing__list">
              {choices.map((u) => (
                <li key={u}>
                  <label className="check">
                    <input
                      type="radio"
                      name="lan-url"
                      checked={u === url}
                      onChange={() => setChosen(u)}
                    />
                    <a href={u}>{u}</a>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <p className="muted">
            {t('sharing.thisComputer', { url: `${window.location.origin}/console/` })}
          </p>
        </div>
        <figure className="sharing__qr" aria-label={t('sharing.qrLabel')}>
          {on && url ? (
            <>
              <QRCodeSVG
                value={url}
                size={184}
                marginSize={2}
                title={t('sharing.qrTitle', { url })}
              />
              <figcaption>{t('sharing.scan')}</figcaption>
            </>
          ) : (
            <div className="sharing__qr-empty">{t('sharing.qrOff')}</div>
          )}
        </figure>
      </div>
    </>
  );
}
