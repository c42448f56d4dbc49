/**
 * Featured image: an uploaded file (sent to the admin media route) or an absolute URL. The
 * value is what the API accepts: a media id or a URL; "" clears it.
 */
import { useId, useRef, useState } from 'react';
import { uploadMedia } from '../api/upload';
import { Button } from './Button';
import { ErrorNote } from './ErrorNote';
import { InputField } from './InputField';
import type { Values } from './form';
import { t } from '../i18n';

interface Props {
  value: string;
  previewUrl: string | undefined;
  error: string | undefined;
  onChange(value: string, previewUrl?: string): void;
}

export function ImageField({ value, previewUrl, error, onChange }: Props) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const fileId = useId();
  const isUrl = /^https?:\/\//.test(value);
  const shown = previewUrl ?? (isUrl ? value : undefined);

  const upload = async (file: File) => {
    setBusy(true);
    setUploadError(null);
    try {
      const media = await uploadMedia(file);
      onChange(String(media.id), media.url);
    } catch (failure) {
      setUploadError(failure);
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <div className="field field--wide">
      {shown && <img className="image-preview" src={shown} alt={t('image.preview')} />}
      <InputField
        label={t('image.url')}
        placeholder="https://…"
        inputMode="url"
        hint={t('image.hint')}
        error={error}
        value={value}
        onChange={(v) => onChange(v)}
      />
      <div className="form-actions">
        <label htmlFor={fileId} className="visually-hidden">
          {t('image.uploadLabel')}
        </label>
        <input
          id={fileId}
          ref={fileRef}
          type="file"
          accept="image/*"
          className="visually-hidden"
          onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
        />
        <Button small busy={busy} onClick={() => fileRef.current?.click()}>
          {t('image.upload')}
        </Button>
        {value && (
          <Button small variant="ghost" onClick={() => onChange('')}>
            {t('image.remove')}
          </Button>
        )}
      </div>
      <ErrorNote error={uploadError} title={t('image.failed')} />
    </div>
  );
}

/** The image field of an editor whose form values hold `image` and its `imagePreview`. */
export function FormImageField({
  values,
  set,
  error,
}: {
  values: Values;
  set(name: string, value: unknown): void;
  error: string | undefined;
}) {
  return (
    <ImageField
      value={String(values.image ?? '')}
      previewUrl={values.imagePreview as string | undefined}
      error={error}
      onChange={(value, preview) => {
        set('image', value);
        set('imagePreview', preview);
      }}
    />
  );
}
