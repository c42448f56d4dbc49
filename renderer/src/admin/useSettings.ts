import { useEffect, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsUpdateSchema } from '../../../shared/schemas/settings';
import { admin, api } from '../api/client';
import { useAdminRead } from '../api/hooks';
import type { SettingsWire } from '../../../shared/schemas/wire';
import { changed, serverErrors, useForm, zodErrors } from '../ui/form';
import { useToast } from '../ui/toasts';

export function useSettings() {
  return useAdminRead<SettingsWire>('settings');
}

/** Optimistic: the new values show at once and roll back if the server refuses them. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<SettingsWire>) =>
      api<SettingsWire>(admin('settings'), { method: 'PATCH', body }),
    onMutate: async (body) => {
      await client.cancelQueries({ queryKey: ['settings'] });
      const previous = client.getQueryData<SettingsWire>(['settings']);
      if (previous) client.setQueryData(['settings'], { ...previous, ...body });
      return { previous };
    },
    onError: (_e, _b, context) =>
      context?.previous && client.setQueryData(['settings'], context.previous),
    onSuccess: (saved) => {
      client.setQueryData(['settings'], saved);
      void client.invalidateQueries({ queryKey: ['network'] });
    },
  });
}

/**
 * A form over some of the settings: filled from the server's values (never over the user's
 * typing), checked with the shared schema, and saved as only the fields that changed.
 */
export function useSettingsForm(
  valuesOf: (settings: SettingsWire) => Record<string, string>,
  savedMessage: string,
  afterSave?: () => void,
) {
  const settings = useSettings();
  const save = useSaveSettings();
  const toast = useToast();
  const form = useForm<Record<string, string>>({});
  useEffect(() => {
    if (settings.data && !form.dirty) form.reset(valuesOf(settings.data));
  }, [settings.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings.data) return;
    const body = changed(valuesOf(settings.data), form.values);
    const errors = zodErrors(settingsUpdateSchema, body);
    if (Object.keys(errors).length) return form.setErrors(errors);
    try {
      await save.mutateAsync(settingsUpdateSchema.parse(body));
      form.setDirty(false);
      afterSave?.();
      toast({ tone: 'success', message: savedMessage });
    } catch (error) {
      form.setErrors(serverErrors(error));
    }
  };
  return { settings, save, form, submit };
}
