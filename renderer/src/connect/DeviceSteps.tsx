/**
 * Step-by-step setup of the CalDAV account on each kind of device, with the address, user name
 * and (for Apple devices) the configuration profile. Without a reachable address, phones get no
 * steps at all: only the way to make the calendar reachable (ConnectScreen's first step).
 */
import { useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { getToken, messageOf } from '../api/client';
import type { MessageKey } from '../i18n';
import { useT } from '../i18n';
import { Button } from '../ui/Button';
import { Rich } from './Rich';
import { originParts } from './useReach';

export const DEVICES = ['ios', 'mac', 'android', 'thunderbird', 'gnome'] as const;
export type Device = (typeof DEVICES)[number];

/** Apps that can run on this computer itself, where its own loopback address works. */
const DESKTOP: ReadonlySet<Device> = new Set(['mac', 'thunderbird', 'gnome']);

const STEPS: Record<Device, MessageKey[]> = {
  ios: ['connect.ios1', 'connect.ios2', 'connect.ios3', 'connect.ios4'],
  mac: ['connect.mac1', 'connect.mac2', 'connect.mac3'],
  android: ['connect.android1', 'connect.android2', 'connect.android3', 'connect.android4'],
  thunderbird: ['connect.thunderbird1', 'connect.thunderbird2', 'connect.thunderbird3'],
  gnome: ['connect.gnome1', 'connect.gnome2', 'connect.gnome3'],
};

interface Props {
  device: Device;
  /** An address the device can reach, or none while LAN sharing is off. */
  origin: string | undefined;
  login: string;
  caldavPath: string;
  profilePath: string;
}

const isLoopback = (host: string) => /^(127\.|localhost$|\[::1\]$)/.test(host);

export function DeviceSteps({ device, origin, login, caldavPath, profilePath }: Props) {
  const t = useT();
  const own = window.location;
  const local = DESKTOP.has(device) && isLoopback(own.hostname) ? own.origin : undefined;
  if (!origin)
    return (
      <div className="connect__steps">
        <p className="note note--warning">{t('connect.needsAddress')}</p>
        {local && (
          <p className="muted">
            <Rich k="connect.thisComputer" values={{ url: `${local}${caldavPath}` }} />
          </p>
        )}
      </div>
    );
  const { host, port } = originParts(origin);
  const values = { url: `${origin}${caldavPath}`, host, port, login };
  return (
    <div className="connect__steps">
      <p>
        {t('connect.serverUrl')}: <code className="connect__value">{values.url}</code>
      </p>
      {device === 'ios' && <IosProfile url={`${origin}${profilePath}`} login={login} />}
      {device === 'mac' && <MacProfile origin={origin} profilePath={profilePath} />}
      {(device === 'ios' || device === 'mac') && <h4>{t('connect.byHand')}</h4>}
      <ol className="connect__list">
        {STEPS[device].map((key) => (
          <li key={key}>
            <Rich k={key} values={values} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function IosProfile({ url, login }: { url: string; login: string }) {
  const t = useT();
  return (
    <div className="connect__profile">
      <figure className="sharing__qr">
        <QRCodeSVG value={url} size={168} marginSize={2} title={t('connect.profileQr')} />
        <figcaption>
          <code className="connect__value">{url}</code>
        </figcaption>
      </figure>
      <div>
        <h4>{t('connect.profileTitle')}</h4>
        <ol className="connect__list">
          <li>
            <Rich k="connect.iosProfile1" values={{ login }} />
          </li>
          <li>
            <Rich k="connect.iosProfile2" />
          </li>
          <li>
            <Rich k="connect.iosProfile3" />
          </li>
        </ol>
      </div>
    </div>
  );
}

/** The profile comes from the server with the console's session, then is saved as a file. */
function MacProfile({ origin, profilePath }: { origin: string; profilePath: string }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      const token = getToken();
      const response = await fetch(`${profilePath}?origin=${encodeURIComponent(origin)}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const file = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = file;
      link.download = 'almanac.mobileconfig';
      link.click();
      setTimeout(() => URL.revokeObjectURL(file), 10_000);
    } catch (failure) {
      setError(t('connect.downloadFailed', { message: messageOf(failure) }));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="connect__profile connect__profile--mac">
      <h4>{t('connect.profileTitle')}</h4>
      <p>
        <Rich k="connect.macProfile" />
      </p>
      <Button onClick={() => void download()} busy={busy}>
        {t('connect.download')}
      </Button>
      {error && (
        <p className="note note--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
