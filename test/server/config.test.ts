import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import {
  ConfigError,
  DEFAULT_PORT,
  defaultDataDir,
  loadConfig,
  parseFlags,
} from '../../server/config.js';

describe('loadConfig', () => {
  it('uses the defaults with nothing set', () => {
    const config = loadConfig([], {});
    expect(config.port).toBe(DEFAULT_PORT);
    expect(config.host).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.dbPath).toBe(join(defaultDataDir(), 'almanac.db'));
    expect(config.mediaDir).toBe(join(defaultDataDir(), 'media'));
  });

  it('reads environment variables and lets flags win over them', () => {
    const env = {
      ALMANAC_PORT: '8000',
      ALMANAC_DATA_DIR: '/srv/almanac',
      ALMANAC_LOG_LEVEL: 'warn',
    };
    const config = loadConfig(['--port', '9000', '--public-url=https://cal.example.org/'], env);
    expect(config.port).toBe(9000);
    expect(config.dbPath).toBe('/srv/almanac/almanac.db');
    expect(config.logLevel).toBe('warn');
    expect(config.publicUrl).toBe('https://cal.example.org');
  });

  it('lets an explicit database file override the data directory', () => {
    expect(loadConfig(['--db', '/tmp/x.db', '--data-dir', '/srv/a'], {}).dbPath).toBe('/tmp/x.db');
  });

  it('keeps media in the data directory unless a media folder is named', () => {
    expect(loadConfig(['--data-dir', '/srv/a'], {}).mediaDir).toBe(join('/srv/a', 'media'));
    expect(loadConfig(['--data-dir', '/srv/a', '--media-dir', '/mnt/shared'], {}).mediaDir).toBe(
      '/mnt/shared',
    );
    expect(loadConfig([], { ALMANAC_MEDIA_DIR: '/mnt/env' }).mediaDir).toBe('/mnt/env');
  });

  it('reads a PostgreSQL URL from the flag or the variable, and keeps the SQLite file by default', () => {
    expect(loadConfig([], {}).databaseUrl).toBeUndefined();
    expect(
      loadConfig(['--database-url', 'postgres://almanac:pw@db.example.org:5432/almanac'], {})
        .databaseUrl,
    ).toBe('postgres://almanac:pw@db.example.org:5432/almanac');
    expect(
      loadConfig([], { ALMANAC_DATABASE_URL: 'postgresql://localhost/almanac' }).databaseUrl,
    ).toBe('postgresql://localhost/almanac');
    expect(
      loadConfig([], { ALMANAC_DATABASE_URL: 'postgresql:///almanac?host=/run/postgresql' })
        .databaseUrl,
    ).toBe('postgresql:///almanac?host=/run/postgresql');
    expect(
      loadConfig(['--database-url=postgres://a/b'], { ALMANAC_DATABASE_URL: 'postgres://c/d' })
        .databaseUrl,
    ).toBe('postgres://a/b');
  });

  it('refuses a database URL of another kind without repeating its password', () => {
    for (const url of [
      'mysql://root:hunter22@db/almanac',
      'http://db.example.org/almanac',
      'postgres:almanac',
      'postgres://',
      '/var/lib/almanac.db',
    ]) {
      try {
        loadConfig(['--database-url', url], {});
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        const problems = (error as ConfigError).problems;
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatch(
          /^--database-url \/ ALMANAC_DATABASE_URL must be a PostgreSQL URL such as postgres:\/\//,
        );
        expect(problems[0]).not.toContain('hunter22');
      }
    }
  });

  it('refuses a database file and a database URL together', () => {
    expect(() =>
      loadConfig(['--db', '/tmp/x.db'], { ALMANAC_DATABASE_URL: 'postgres://h/almanac' }),
    ).toThrow(/--db \/ ALMANAC_DB and --database-url \/ ALMANAC_DATABASE_URL name two databases/);
  });

  it('reads the trusted proxies as a list and refuses what is not an address or range', () => {
    expect(loadConfig([]).trustedProxies).toBeUndefined();
    expect(
      loadConfig(['--trusted-proxies', ' 127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback ,'])
        .trustedProxies,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
    expect(loadConfig([], { ALMANAC_TRUSTED_PROXIES: '192.168.1.5' }).trustedProxies).toEqual([
      '192.168.1.5',
    ]);
    for (const bad of [
      'proxy.example.org',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1/8/8',
      '10.0.0.0/x',
    ]) {
      expect(() => loadConfig(['--trusted-proxies', bad]), bad).toThrow(
        /--trusted-proxies \/ ALMANAC_TRUSTED_PROXIES must be addresses or ranges/,
      );
    }
  });

  it('accepts port 0 for a free port', () => {
    expect(loadConfig([], { ALMANAC_PORT: '0' }).port).toBe(0);
  });

  it('reports every invalid value with its flag and variable', () => {
    try {
      loadConfig(['--port', '70000', '--timezone', 'Mars/Olympus', '--log-level', 'loud'], {
        ALMANAC_PUBLIC_URL: 'ftp://x',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(
        /--port \/ ALMANAC_PORT must be between 0 and 65535 \(got "70000"\)/,
      );
      expect(problems).toMatch(/--timezone \/ ALMANAC_TIMEZONE must be an IANA time zone/);
      expect(problems).toMatch(/--log-level \/ ALMANAC_LOG_LEVEL must be one of/);
      expect(problems).toMatch(
        /--public-url \/ ALMANAC_PUBLIC_URL must be an absolute http\(s\) URL/,
      );
    }
  });

  it('rejects a short administrator password and a non-numeric port', () => {
    expect(() => loadConfig(['--admin-password', 'short'], {})).toThrow(/at least 8 characters/);
    expect(() => loadConfig([], { ALMANAC_PORT: 'eighty' })).toThrow(
      /ALMANAC_PORT must be a number/,
    );
  });

  it('rejects unknown flags and flags without a value', () => {
    expect(() => parseFlags(['--prot', '1'])).toThrow(/unknown option --prot/);
    expect(() => parseFlags(['--port'])).toThrow(/--port needs a value/);
  });
});

describe('defaultDataDir', () => {
  it('follows each platform’s per-user data folder, like Electron’s userData', () => {
    expect(defaultDataDir('linux', {}, '/home/ann')).toBe('/home/ann/.config/Almanac');
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/x' }, '/home/ann')).toBe('/x/Almanac');
    expect(defaultDataDir('darwin', {}, '/Users/ann')).toBe(
      '/Users/ann/Library/Application Support/Almanac',
    );
    expect(
      defaultDataDir('win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'C:\\Users\\ann'),
    ).toContain('Almanac');
  });
});
