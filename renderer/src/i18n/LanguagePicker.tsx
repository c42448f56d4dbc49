/** The user's console language, saved with their account (the menu's footer). */
import { useState } from 'react';
import type { UserWire } from '../../../shared/schemas/wire';
import type { UserLocale } from '../../../shared/schemas/users';
import { admin, api, messageOf } from '../api/client';
import { useAuth } from '../app/auth';
import { useToast } from '../ui/toasts';
import { browserLanguage } from './choose';
import { useT } from './index';

export function LanguagePicker() {
  const t = useT();
  const toast = useToast();
  const { user, replaceUser } = useAuth();
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const browser = browserLanguage(navigator.languages ?? [navigator.language]);
  const choose = async (locale: UserLocale) => {
    setBusy(true);
    try {
      replaceUser(
        await api<UserWire>(admin(`users/${user.id}`), { method: 'PATCH', body: { locale } }),
      );
    } catch (error) {
      toast({ tone: 'error', message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="nav__language">
      <span>{t('languageChoice.label')}</span>
      <select
        value={user.locale}
        disabled={busy}
        onChange={(event) => void choose(event.target.value as UserLocale)}
      >
        <option value="">
          {t('languageChoice.auto', {
            language: browser ? t(`languageChoice.${browser}`) : '—',
          })}
        </option>
        <option value="en" lang="en">
          {t('languageChoice.en')}
        </option>
        <option value="fr" lang="fr">
          {t('languageChoice.fr')}
        </option>
      </select>
    </label>
  );
}
