/**
 * The desktop app's "Start at login" switch (Settings). Shown only in the desktop app, and only
 * where the system keeps a list of apps to start at login (macOS, Windows).
 */
import { useEffect, useState } from 'react';
import type { LoginItem } from '../../../shared/desktop-bridge';
import { Switch } from '../ui/Switch';
import { useT } from '../i18n';

export function StartAtLogin() {
  const t = useT();
  const bridge = window.almanac;
  const [item, setItem] = useState<LoginItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    bridge
      ?.getStartAtLogin()
      .then((answer) => live && setItem(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [bridge]);

  if (!bridge || !item?.supported) return null;
  const change = (enabled: boolean) => {
    setBusy(true);
    setFailed(false);
    bridge
      .setStartAtLogin(enabled)
      .then(setItem, () => setFailed(true))
      .finally(() => setBusy(false));
  };
  return (
    <section className="card" aria-labelledby="desktop-app-heading">
      <h2 id="desktop-app-heading">{t('settings.desktop')}</h2>
      <Switch
        label={t('settings.startAtLogin')}
        hint={t('settings.startAtLoginHint')}
        checked={item.enabled}
        disabled={busy}
        onChange={change}
      />
      {failed && (
        <p className="note note--warning" role="alert">
          {t('settings.refused')}
        </p>
      )}
    </section>
  );
}
