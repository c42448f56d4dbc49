/**
 * The main process reads and switches LAN sharing through the server's own admin API, as the
 * console does, with the desktop session: the setting, its validation and the listeners it opens
 * stay the server's alone.
 */
import { z } from 'zod';

const SETTINGS_PATH = '/api/calendar/admin/v1/settings';
const answerSchema = z.object({ lan_sharing: z.boolean() });

export interface SharingClient {
  sharing(): Promise<boolean>;
  setSharing(enabled: boolean): Promise<boolean>;
}

export function sharingClient(
  url: () => string,
  token: () => Promise<string>,
  fetchImpl: typeof fetch = fetch,
): SharingClient {
  async function call(init: RequestInit): Promise<boolean> {
    const res = await fetchImpl(`${url()}${SETTINGS_PATH}`, {
      ...init,
      headers: {
        authorization: `Bearer ${await token()}`,
        'content-type': 'application/json',
      },
    });
    if (!res.ok) throw new Error(`The server answered ${res.status} about sharing.`);
    return answerSchema.parse(await res.json()).lan_sharing;
  }
  return {
    sharing: () => call({ method: 'GET' }),
    setSharing: (enabled) =>
      call({ method: 'POST', body: JSON.stringify({ lan_sharing: enabled }) }),
  };
}
