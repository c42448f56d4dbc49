import { useQuery } from '@tanstack/react-query';
import { admin, api } from '../api/client';
import type { UserArchiveWire } from '../../../shared/schemas/wire';
import { useAuth } from '../app/auth';
import { EventFields } from './EventFields';
import type { EventForm } from './formTypes';

/** Publication date and, for administrators (who can list users), the author. */
export function EventAuthorship({ form }: { form: EventForm }) {
  const { user } = useAuth();
  const isAdmin = user?.role === 'administrator';
  const users = useQuery({
    queryKey: ['users'],
    enabled: isAdmin,
    queryFn: () => api<UserArchiveWire>(admin('users'), { query: { per_page: 100 } }),
  });
  return (
    <>
      <EventFields
        form={form}
        fields={[
          {
            name: 'published',
            label: 'editor.published',
            type: 'datetime-local',
            hint: 'editor.publishedHint',
          },
          ...(isAdmin
            ? [
                {
                  name: 'author',
                  label: 'editor.author',
                  type: 'select' as const,
                  options: [
                    ['', 'editor.me'] as [string, string],
                    ...(users.data?.users ?? []).map((u): [string, string] => [
                      String(u.id),
                      u.display_name || u.login,
                    ]),
                  ],
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
