import { describe, expect, it } from 'vitest';
import {
  appOrigin,
  isConsoleUrl,
  isExternalHttpUrl,
  isSameOrigin,
  judgeNavigation,
  MAX_URL_LENGTH,
  parseStrictUrl,
} from '../../main/trusted-url.js';

const ORIGIN = 'http://127.0.0.1:7420';

describe('appOrigin', () => {
  it('takes the origin of the server URL', () => {
    expect(appOrigin('http://127.0.0.1:7420')).toBe(ORIGIN);
    expect(appOrigin('http://127.0.0.1:7420/console/')).toBe(ORIGIN);
  });
  it('refuses anything but a plain http URL', () => {
    for (const bad of ['', 'https://127.0.0.1:7420', 'file:///etc', ' http://127.0.0.1:1', 'nope'])
      expect(() => appOrigin(bad), bad).toThrow();
  });
});

describe('parseStrictUrl', () => {
  it('refuses non-strings, surrounding space, control characters and huge URLs', () => {
    for (const bad of [
      undefined,
      null,
      42,
      {},
      ['https://a.example'],
      '',
      ' https://a.example',
      'https://a.example ',
      'https://a.example/\n',
      'https://a.\texample/',
      'https://a.example/\u0000',
      'https://a.example/\u2028',
      'https://a.example/\u0085',
      `https://a.example/${'a'.repeat(MAX_URL_LENGTH)}`,
      'not a url',
      '//a.example/',
    ])
      expect(parseStrictUrl(bad), JSON.stringify(bad)).toBeUndefined();
  });
});

describe('isConsoleUrl', () => {
  it('accepts the console’s own pages', () => {
    for (const ok of [
      `${ORIGIN}/console/`,
      `${ORIGIN}/console`,
      `${ORIGIN}/console/events/12?tab=1#x`,
      'HTTP://127.0.0.1:7420/console/',
      `${ORIGIN}/console/a/../b`,
    ])
      expect(isConsoleUrl(ok, ORIGIN), ok).toBe(true);
  });

  it('refuses look-alikes, other ports, schemes, credentials and escapes from /console/', () => {
    for (const bad of [
      'http://127.0.0.1:74200/console/',
      'http://127.0.0.1:742/console/',
      'http://127.0.0.1:7420.evil.example/console/',
      'http://127.0.0.1.evil.example:7420/console/',
      'http://evil.example/console/?http://127.0.0.1:7420/console/',
      'http://evil.example/#http://127.0.0.1:7420/console/',
      'http://127.0.0.1@evil.example:7420/console/',
      'http://user:pass@127.0.0.1:7420/console/',
      'http://user@127.0.0.1:7420/console/',
      'https://127.0.0.1:7420/console/',
      'http://localhost:7420/console/',
      'http://[::1]:7420/console/',
      'http://0x7f000001:7420/consolex',
      'ws://127.0.0.1:7420/console/',
      'javascript://127.0.0.1:7420/console/%0aalert(1)',
      'file:///console/',
      `${ORIGIN}/consoles/`,
      `${ORIGIN}/console.evil/`,
      `${ORIGIN}/console/../api/calendar/admin/v1/users`,
      `${ORIGIN}/console/%2e%2e/api/`,
      `${ORIGIN}/console/%2E%2E/%2E%2E/etc`,
      `${ORIGIN}/Console/`,
      `${ORIGIN}/event/concert/`,
      `${ORIGIN}/`,
      `${ORIGIN}/api/calendar/events/v1/events`,
      'blob:http://127.0.0.1:7420/uuid',
      'data:text/html,<script>alert(1)</script>',
      'about:blank',
      'chrome://settings',
      'devtools://devtools/bundled/inspector.html',
    ])
      expect(isConsoleUrl(bad, ORIGIN), bad).toBe(false);
  });

  it('tolerates an origin given with a trailing slash only through appOrigin', () => {
    expect(isConsoleUrl(`${ORIGIN}/console/`, `${ORIGIN}/`)).toBe(false);
    expect(isConsoleUrl(`${ORIGIN}/console/`, appOrigin(`${ORIGIN}/`))).toBe(true);
  });
});

describe('isSameOrigin', () => {
  it('compares scheme, host and port exactly', () => {
    expect(isSameOrigin(`${ORIGIN}/event/x/`, ORIGIN)).toBe(true);
    expect(isSameOrigin('http://127.0.0.1:7420', ORIGIN)).toBe(true);
    expect(isSameOrigin('http://127.0.0.1:80', ORIGIN)).toBe(false);
    expect(isSameOrigin('http://127.0.0.1', ORIGIN)).toBe(false);
    expect(isSameOrigin('http://a:b@127.0.0.1:7420/', ORIGIN)).toBe(false);
  });
});

describe('isExternalHttpUrl', () => {
  it('accepts ordinary http(s) links', () => {
    for (const ok of [
      'https://example.org/',
      'http://example.org/path?q=1#frag',
      'HTTPS://EXAMPLE.ORG',
      'https://xn--bcher-kva.example/',
      'https://bücher.example/',
      'https://192.168.1.5:8443/',
      `${ORIGIN}/event/concert/`,
    ])
      expect(isExternalHttpUrl(ok), ok).toBe(true);
  });

  it('refuses every other scheme, credentials, and malformed input', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\nscript:alert(1)',
      ' javascript:alert(1)',
      'javascript://example.org/%0aalert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'file:///etc/passwd',
      'file://server/share',
      'smb://server/share',
      'ftp://example.org/',
      'mailto:someone@example.org',
      'tel:+123',
      'ms-settings:',
      'x-apple.systempreferences:com.apple.preference',
      'zoommtg://zoom.us/join',
      'chrome://settings',
      'about:blank',
      'blob:https://example.org/uuid',
      'https://user:pass@example.org/',
      'https://bank.example@evil.example/',
      'https://@evil.example/',
      'https:evil.example',
      'http:/\\evil.example',
      'http://',
      'https://',
      '\\\\evil\\share',
      '/relative/path',
      'example.org',
      '',
      undefined,
      7,
    ])
      expect(isExternalHttpUrl(bad), String(bad)).toBe(false);
  });
});

describe('judgeNavigation', () => {
  it('keeps console pages, sends http(s) elsewhere to the browser, refuses the rest', () => {
    expect(judgeNavigation(`${ORIGIN}/console/settings`, ORIGIN)).toBe('allow');
    expect(judgeNavigation(`${ORIGIN}/event/concert/`, ORIGIN)).toBe('external');
    expect(judgeNavigation('https://example.org/', ORIGIN)).toBe('external');
    expect(judgeNavigation('file:///etc/passwd', ORIGIN)).toBe('deny');
    expect(judgeNavigation('javascript:alert(1)', ORIGIN)).toBe('deny');
    expect(judgeNavigation('https://a:b@example.org/', ORIGIN)).toBe('deny');
  });
});
