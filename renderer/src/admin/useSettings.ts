import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin, api } from '../api/client';
import type { SettingsWire } from '../../../shared/schemas/wire';

export function useSettings() {
  return useQuery({ queryKey: ['settings'], queryFn: () => api<SettingsWire>(admin('settings')) });
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
