import { describe, expect, it } from 'vitest';
import { caldavProfile } from '../../../../server/resources/connect/profile.js';

const input = { origin: 'http://192.168.1.20:7420', login: 'ana', path: '/dav/', siteName: '' };

describe('the Apple configuration profile', () => {
  it('keeps the same identifiers for the same account and address, others for another', () => {
    const uuids = (xml: string) =>
      [...xml.matchAll(/<key>PayloadUUID<\/key>\s*<string>([^<]+)/g)].map((m) => m[1]);
    const first = uuids(caldavProfile(input));
    expect(first).toHaveLength(2);
    expect(first[0]).toMatch(
      /^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/,
    );
    expect(uuids(caldavProfile(input))).toEqual(first);
    expect(uuids(caldavProfile({ ...input, login: 'bo' }))).not.toEqual(first);
  });

  it('escapes what it quotes and reads ports and SSL from the address', () => {
    const xml = caldavProfile({ ...input, login: 'a&b<c>', origin: 'https://[fd00::2]' });
    expect(xml).toContain('<string>a&amp;b&lt;c&gt;</string>');
    expect(xml).not.toContain('a&b');
    expect(xml).toMatch(/<key>CalDAVHostName<\/key>\s*<string>fd00::2<\/string>/);
    expect(xml).toMatch(/<key>CalDAVPort<\/key>\s*<integer>443<\/integer>/);
    expect(xml).toMatch(/<key>CalDAVUseSSL<\/key>\s*<true\/>/);
    expect(xml).toMatch(/<key>CalDAVAccountDescription<\/key>\s*<string>Almanac<\/string>/);
  });
});
