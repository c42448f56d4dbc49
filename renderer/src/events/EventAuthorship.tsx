import { useQuery } from '@tanstack/react-query';
import { admin, api } from '../api/client';
import type { UserArchiveWire } from '../../../shared/schemas/wire';
import { useAuth } from '../app/auth';
import { Field } from '../ui/Field';
import type { EventForm } from './formTypes';

/** Publication date and, for administrators (who can list users), the author. */
export function EventAuthorship({ form }: { form: EventForm }) {
  const { values, set, errors } = form;
  const { user } = useAuth();
  const isAdmin = user?.role === 'administrator';
  const users = useQuery({
    queryKey: ['users'],
    enabled: isAdmin,
    queryFn: () => api<UserArchiveWire>(admin('users'), { query: { per_page: 100 } }),
  });
  return (
    <>
      <Field
        label="Publication date"
        error={errors.date}
        hint="Site time zone. A future date schedules the event."
      >
        <input
          name="published"
          type="datetime-local"
          value={values.published}
          onChange={(e) => set('published', e.target.value)}
        />
      </Field>
      {isAdmin && (
        <Field label="Author" error={errors.author}>
          <select
            name="author"
            value={values.author}
            onChange={(e) => set('author', e.target.value)}
          >
            <option value="">Me</option>
            {(users.data?.users ?? []).map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.display_name || u.login}
              </option>
            ))}
          </select>
        </Field>
      )}
    </>
  );
}
