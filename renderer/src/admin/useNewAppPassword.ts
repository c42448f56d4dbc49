/**
 * Making an application password, as the user's password list and the Connect screen both do:
 * the name typed, its error (checked by the shared schema, then the server's), and the new
 * password, whose secret the server shows only this once.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appPasswordCreateSchema } from '../../../shared/schemas/users';
import type { NewAppPasswordWire } from '../../../shared/schemas/wire';
import { admin, api } from '../api/client';
import { serverErrors, zodErrors } from '../ui/form';

export function useNewAppPassword(userId: number) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [fresh, setFresh] = useState<NewAppPasswordWire | null>(null);
  const create = useMutation({
    mutationFn: () =>
      api<NewAppPasswordWire>(admin(`users/${userId}/application-passwords`), {
        method: 'POST',
        body: { name },
      }),
    onSuccess: (created) => {
      setFresh(created);
      setName('');
      void client.invalidateQueries({ queryKey: ['app-passwords', userId] });
    },
    onError: (error) => setNameError(serverErrors(error).name),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = zodErrors(appPasswordCreateSchema, { name });
    if (errors.name) return setNameError(errors.name);
    setNameError(undefined);
    create.mutate();
  };
  return { name, setName, nameError, setNameError, fresh, setFresh, create, submit };
}
