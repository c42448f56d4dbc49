/**
 * Connect a device: where the device reaches the calendar (only addresses it can reach: LAN
 * addresses while sharing is on, never 127.0.0.1), an application password made for it, and
 * step-by-step setup for iPhone/iPad, Mac, Android (DAVx5), Thunderbird and GNOME/Evolution.
 */
import { useState } from 'react';
import { useNewAppPassword } from '../admin/useNewAppPassword';
import { useAuth } from '../app/auth';
import { Link } from '../app/Link';
import { useCatalogue, useT } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorNote } from '../ui/ErrorNote';
import { Field } from '../ui/Field';
import { PageHeader } from '../ui/PageHeader';
import { Spinner } from '../ui/Spinner';
import { useToast } from '../ui/toasts';
import { DEVICES, DeviceSteps, type Device } from './DeviceSteps';
import { useReach } from './useReach';
import './connect.css';

/** The device this browser runs on, as a first guess of the one being connected. */
function guessDevice(): Device {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/iPhone|iPad/.test(agent)) return 'ios';
  if (/Android/.test(agent)) return 'android';
  if (/Macintosh/.test(agent)) return 'mac';
  return 'ios';
}

export default function ConnectScreen() {
  useCatalogue('devices');
  const t = useT();
  const { user } = useAuth();
  const reach = useReach();
  const [chosen, setChosen] = useState<string | null>(null);
  const [device, setDevice] = useState<Device>(guessDevice);
  const origins = reach.data?.origins ?? [];
  const origin = chosen && origins.includes(chosen) ? chosen : origins[0];
  const login = reach.data?.login ?? user?.login ?? '';

  return (
    <>
      <PageHeader title={t('connect.title')}>{t('connect.lead')}</PageHeader>
      <section className="card connect__section" aria-labelledby="connect-where">
        <h2 id="connect-where">{t('connect.whereTitle')}</h2>
        <ErrorNote error={reach.error} />
        {reach.isPending && <Spinner />}
        {reach.data && origins.length === 0 && (
          <div className="note note--warning connect__unreachable" role="status">
            <p>
              <strong>{t('connect.unreachableTitle')}</strong>
            </p>
            <p>{t('connect.unreachable')}</p>
            {reach.data.fixed_by_config ? (
              <p>{t('connect.fixedByConfig')}</p>
            ) : user?.role === 'administrator' ? (
              <>
                <p>{t('connect.turnOnAdmin')}</p>
                <p>
                  <Link to="/admin/sharing" className="btn btn--secondary">
                    {t('connect.openSharing')}
                  </Link>
                </p>
              </>
            ) : (
              <p>{t('connect.turnOnOther')}</p>
            )}
          </div>
        )}
        {origins.length > 0 && (
          <Field label={t('connect.address')} hint={t('connect.addressHint')}>
            <select value={origin} onChange={(e) => setChosen(e.target.value)}>
              {origins.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </Field>
        )}
      </section>
      {user && <DevicePassword userId={user.id} login={login} />}
      <section className="card connect__section" aria-labelledby="connect-steps">
        <h2 id="connect-steps">{t('connect.stepsTitle')}</h2>
        <fieldset className="connect__devices">
          <legend>{t('connect.device')}</legend>
          {DEVICES.map((d) => (
            <label key={d} className={`connect__device${d === device ? ' is-chosen' : ''}`}>
              <input
                type="radio"
                name="device"
                value={d}
                checked={d === device}
                onChange={() => setDevice(d)}
              />
              {t(`connect.devices.${d}`)}
            </label>
          ))}
        </fieldset>
        {reach.data && (
          <DeviceSteps
            device={device}
            origin={origin}
            login={login}
            caldavPath={reach.data.caldav_path}
            profilePath={reach.data.profile_path}
          />
        )}
      </section>
    </>
  );
}

/** Makes an application password named for the device and shows it once. */
function DevicePassword({ userId, login }: { userId: number; login: string }) {
  const t = useT();
  const toast = useToast();
  const { name, setName, nameError, fresh, create, submit } = useNewAppPassword(userId);
  const copy = async () => {
    if (!fresh?.password) return;
    await navigator.clipboard.writeText(fresh.password).then(
      () => toast({ tone: 'success', message: t('connect.copied') }),
      () => toast({ tone: 'error', message: t('connect.copyFailed') }),
    );
  };
  return (
    <section className="card connect__section" aria-labelledby="connect-password">
      <h2 id="connect-password">{t('connect.passwordTitle')}</h2>
      <p className="muted">{t('connect.passwordLead')}</p>
      <form className="connect__create" onSubmit={submit} noValidate>
        <Field label={t('connect.deviceName')} hint={t('connect.deviceNameHint')} error={nameError}>
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </Field>
        <Button type="submit" variant="primary" busy={create.isPending}>
          {t('connect.create')}
        </Button>
      </form>
      {create.error && !nameError ? <ErrorNote error={create.error} /> : null}
      {fresh?.password && (
        <div className="note note--success connect__secret" role="status">
          <p>{t('connect.created', { name: fresh.name })}</p>
          <dl>
            <dt>{t('connect.userName')}</dt>
            <dd>
              <code className="connect__value">{login}</code>
            </dd>
            <dt>{t('connect.password')}</dt>
            <dd>
              <code className="connect__value connect__password">{fresh.password}</code>
            </dd>
          </dl>
          <Button small onClick={() => void copy()}>
            {t('connect.copy')}
          </Button>
        </div>
      )}
      <p className="connect__manage">
        <Link to="/admin/passwords">{t('connect.manage')}</Link>
      </p>
    </section>
  );
}
