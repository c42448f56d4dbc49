import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '../../shared/desktop-bridge.js';
import type { ElectronMock } from './electron-mock.js';

vi.mock('electron', async () => (await import('./electron-mock.js')).createElectronMock());

async function loadPreload(argv: string[]) {
  vi.resetModules();
  const saved = process.argv;
  process.argv = argv;
  try {
    const electron = (await import('electron')) as unknown as ElectronMock;
    await import('../../main/preload.js');
    const [key, bridge] = electron.contextBridge.exposeInMainWorld.mock.calls.at(-1) as [
      string,
      DesktopBridge,
    ];
    return { electron, key, bridge };
  } finally {
    process.argv = saved;
  }
}

describe('preload', () => {
  beforeEach(() => vi.clearAllMocks());

  it('exposes window.almanac with the bridge’s functions only, never ipcRenderer', async () => {
    const { key, bridge } = await loadPreload(['electron', '--almanac-version=1.2.3']);
    expect(key).toBe('almanac');
    expect(Object.keys(bridge).sort()).toEqual([
      'getSession',
      'getStartAtLogin',
      'openExternal',
      'setStartAtLogin',
      'version',
    ]);
    expect(bridge.version).toBe('1.2.3');
    expect(JSON.stringify(Object.values(bridge))).not.toContain('invoke');
  });

  it('reads no version it cannot trust', async () => {
    expect((await loadPreload(['electron'])).bridge.version).toBe('unknown');
    expect((await loadPreload(['--almanac-version=<script>'])).bridge.version).toBe('unknown');
  });

  it('passes on a well-formed session and turns anything else into null', async () => {
    const { electron, bridge } = await loadPreload([]);
    const session = { token: 'a.b', expires_utc: '2026-06-16 00:00:00' };
    electron.ipcRenderer.invoke.mockResolvedValueOnce(session);
    expect(await bridge.getSession()).toEqual(session);
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith('almanac:get-session');
    for (const bad of [null, undefined, 'a.b', { token: 'a.b' }, { ...session, expires_utc: 1 }]) {
      electron.ipcRenderer.invoke.mockResolvedValueOnce(bad);
      expect(await bridge.getSession()).toBeNull();
    }
    electron.ipcRenderer.invoke.mockResolvedValueOnce({ ...session, extra: 'dropped' });
    expect(await bridge.getSession()).toEqual(session);
  });

  it('checks openExternal’s argument before sending it to main', async () => {
    const { electron, bridge } = await loadPreload([]);
    await bridge.openExternal('https://example.org/');
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith(
      'almanac:open-external',
      'https://example.org/',
    );
    for (const bad of [42, '', { toString: () => 'https://x' }, 'x'.repeat(5000)]) {
      await expect(bridge.openExternal(bad as string)).rejects.toThrow(TypeError);
    }
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledTimes(1);
  });

  it('checks the start-at-login switch both ways', async () => {
    const { electron, bridge } = await loadPreload([]);
    electron.ipcRenderer.invoke.mockResolvedValueOnce({ supported: true, enabled: true });
    expect(await bridge.setStartAtLogin(true)).toEqual({ supported: true, enabled: true });
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith('almanac:set-start-at-login', true);
    for (const bad of ['true', 1, null, undefined]) {
      await expect(bridge.setStartAtLogin(bad as unknown as boolean)).rejects.toThrow(TypeError);
    }
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledTimes(1);
    for (const answer of [null, 'yes', { supported: true }, { supported: 1, enabled: true }]) {
      electron.ipcRenderer.invoke.mockResolvedValueOnce(answer);
      expect(await bridge.getStartAtLogin()).toEqual({ supported: false, enabled: false });
    }
  });
});
