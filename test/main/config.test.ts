import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { desktopPaths, flagsToEnv, serverEnv } from '../../main/config.js';

describe('flagsToEnv', () => {
  it('passes the server options of the command line on as ALMANAC_* variables', () => {
    expect(
      flagsToEnv([
        '/usr/lib/electron',
        '.',
        '--data-dir',
        '/tmp/cal',
        '--port=0',
        '--no-sandbox',
        '--enable-logging',
        '--log-level',
        'debug',
        '--public-url=https://cal.example',
        '--admin-user',
        'me',
        '--admin-password=secret pass',
        '--timezone',
        'Europe/Paris',
        '--db=/tmp/x.db',
        '--host',
        '127.0.0.1',
      ]),
    ).toEqual({
      ALMANAC_DATA_DIR: '/tmp/cal',
      ALMANAC_PORT: '0',
      ALMANAC_LOG_LEVEL: 'debug',
      ALMANAC_PUBLIC_URL: 'https://cal.example',
      ALMANAC_ADMIN_USER: 'me',
      ALMANAC_ADMIN_PASSWORD: 'secret pass',
      ALMANAC_TIMEZONE: 'Europe/Paris',
      ALMANAC_DB: '/tmp/x.db',
      ALMANAC_HOST: '127.0.0.1',
    });
  });

  it('ignores unknown flags, flags without a value, and the workers option', () => {
    expect(flagsToEnv(['--port'])).toEqual({});
    expect(flagsToEnv(['--port', '--data-dir', '/d'])).toEqual({ ALMANAC_DATA_DIR: '/d' });
    expect(flagsToEnv(['--workers', '4', '--inspect=9229', '--ports', '1', '-port', '2'])).toEqual(
      {},
    );
    expect(flagsToEnv(['--port='])).toEqual({ ALMANAC_PORT: '' });
  });
});

describe('serverEnv', () => {
  it('keeps the environment, adds forwarded flags and the console, drops ELECTRON_RUN_AS_NODE', () => {
    const env = serverEnv(
      { PATH: '/bin', ALMANAC_PORT: '9000', ELECTRON_RUN_AS_NODE: '1', EMPTY: undefined },
      ['--port', '0'],
      '/app/dist/console/',
    );
    expect(env).toEqual({
      PATH: '/bin',
      ALMANAC_PORT: '0',
      ALMANAC_CONSOLE_DIR: '/app/dist/console/',
    });
    expect(serverEnv({ A: 'b' }, [], undefined)).toEqual({ A: 'b' });
  });
});

describe('desktopPaths', () => {
  it('finds the bundle’s pieces next to the main script', () => {
    const root = mkdtempSync(join(tmpdir(), 'almanac-paths-'));
    try {
      const main = pathToFileURL(join(root, 'dist/node/main/main.js')).href;
      expect(desktopPaths(main)).toEqual({
        serverEntry: join(root, 'dist/node/server/child.js'),
        preload: join(root, 'dist/node/main/preload.cjs'),
        consoleDir: undefined,
      });
      mkdirSync(join(root, 'dist/console'), { recursive: true });
      expect(desktopPaths(main).consoleDir).toBe(join(root, 'dist/console/'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
