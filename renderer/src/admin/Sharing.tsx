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

export default function Sharing() {
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
      <PageHeader title="LAN sharing">
        Let phones and other computers on your network open this console and the API.
      </PageHeader>
      <div className="card">
        <Switch
          label="Share on the local network"
          hint="Off: only this computer can connect. On: the server also listens on its LAN addresses."
          checked={on}
          disabled={settings.isPending || save.isPending || network.data?.fixed_by_config}
          onChange={(v) => save.mutate({ lan_sharing: v })}
        />
        {network.data?.fixed_by_config && (
          <p className="note note--warning">The address is fixed by --host or ALMANAC_HOST.</p>
        )}
        <ErrorNote error={save.error ?? settings.error} />
      </div>
      <div className="card sharing">
        <div>
          <h2>Addresses</h2>
          <ErrorNote error={network.error} />
          {network.isPending && <Spinner />}
          {on && choices.length === 0 && !network.isPending && (
            <p className="muted">No LAN address found: is this computer on a network?</p>
          )}
          {!on && <p className="muted">Turn sharing on to see the addresses others can use.</p>}
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
          <p className="muted">This computer: {window.location.origin}/console/</p>
        </div>
        <figure className="sharing__qr" aria-label="QR code of the console address">
          {on && url ? (
            <>
              <QRCodeSVG value={url} size={184} marginSize={2} title={`QR code for ${url}`} />
              <figcaption>Scan with a phone on the same network.</figcaption>
            </>
          ) : (
            <div className="sharing__qr-empty">QR code appears when sharing is on</div>
          )}
        </figure>
      </div>
    </>
  );
}
