/**
 * The site's logo (setting `site_logo`): an image of the media library, chosen among the
 * library's images as radio buttons, or uploaded here and chosen at once. The value is the media
 * id as text, "0" for no logo.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { admin, api } from '../api/client';
import { uploadMedia } from '../api/upload';
import type { MediaArchiveWire, MediaWire } from '../../../shared/schemas/wire';
import { Button } from '../ui/Button';
import { ErrorNote } from '../ui/ErrorNote';
import { useT } from '../i18n';

const LIBRARY_KEY = ['media', 'logo-choices'];

interface Props {
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}

/** The name a screen reader hears for an image: its file name, or the end of its URL. */
const nameOf = (media: MediaWire) =>
  media.file || decodeURIComponent(media.url.split('/').pop() ?? '') || String(media.id);

export function LogoField({ value, error, onChange }: Props) {
  const t = useT();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const library = useQuery({
    queryKey: LIBRARY_KEY,
    queryFn: () => api<MediaArchiveWire>(admin('media'), { query: { per_page: 50 } }),
  });
  const images = (library.data?.media ?? []).filter((m) => m.mime_type.startsWith('image/'));

  const upload = async (file: File) => {
    setBusy(true);
    setUploadError(null);
    try {
      const media = await uploadMedia(file);
      await client.invalidateQueries({ queryKey: LIBRARY_KEY });
      onChange(String(media.id));
    } catch (failure) {
      setUploadError(failure);
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const choice = (key: string, label: string, picture: ReactNode) => (
    <label key={key} className="logo-choice">
      <input
        type="radio"
        name={`${id}-logo`}
        value={key}
        checked={value === key}
        onChange={() => onChange(key)}
        className="visually-hidden"
      />
      <span className="logo-choice__frame">{picture}</span>
      <span className="visually-hidden">{label}</span>
    </label>
  );

  return (
    <fieldset
      className={`field field--wide logo-field${error ? ' field--error' : ''}`}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
    >
      <legend>{t('siteIdentity.logo')}</legend>
      <div className="logo-field__choices">
        {choice(
          '0',
          t('siteIdentity.noLogo'),
          <span className="logo-choice__none">{t('siteIdentity.noLogo')}</span>,
        )}
        {images.map((media) =>
          choice(
            String(media.id),
            t('siteIdentity.image', { id: media.id, name: nameOf(media) }),
            <img src={media.url} alt="" loading="lazy" />,
          ),
        )}
      </div>
      <div className="logo-field__upload">
        <label htmlFor={`${id}-file`} className="visually-hidden">
          {t('siteIdentity.uploadLabel')}
        </label>
        <input
          id={`${id}-file`}
          ref={fileRef}
          type="file"
          accept="image/*"
          className="visually-hidden"
          onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
        />
        <Button small busy={busy} onClick={() => fileRef.current?.click()}>
          {t('siteIdentity.upload')}
        </Button>
      </div>
      <p className="field__hint" id={`${id}-hint`}>
        {t('siteIdentity.logoHint')}
      </p>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <ErrorNote error={library.error} title={t('siteIdentity.loadFailed')} />
      <ErrorNote error={uploadError} title={t('siteIdentity.uploadFailed')} />
    </fieldset>
  );
}
