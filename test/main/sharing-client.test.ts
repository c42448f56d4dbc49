import { describe, expect, it } from 'vitest';
import { sharingClient } from '../../main/sharing-client.js';
import { startTestServer } from '../helpers/server.js';

describe('the desktop app’s sharing switch', () => {
  it('reads and switches LAN sharing through the admin API with the desktop session', async () => {
    const server = await startTestServer();
    const { token } = await server.services.auth.openSession(1, 'desktop');
    const client = sharingClient(
      () => server.url,
      async () => token,
    );
    expect(await client.sharing()).toBe(false);
    expect(await client.setSharing(true)).toBe(true);
    expect(server.services.settings.get().lan_sharing).toBe(true);
    expect(await client.sharing()).toBe(true);
    expect(await client.setSharing(false)).toBe(false);
  });

  it('fails plainly without a valid session', async () => {
    const server = await startTestServer();
    const client = sharingClient(
      () => server.url,
      async () => 'not-a-token',
    );
    await expect(client.sharing()).rejects.toThrow('The server answered 401 about sharing.');
    await expect(client.setSharing(true)).rejects.toThrow('401');
    expect(server.services.settings.get().lan_sharing).toBe(false);
  });
});
