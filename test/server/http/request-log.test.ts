import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { startTestServer } from '../../helpers/server.js';
import { NS } from '../../helpers/fixtures.js';

/** A logger whose lines are kept, with a wait for the next one that matches. */
function capturedLog() {
  const lines: Array<Record<string, unknown>> = [];
  const waiting: Array<() => void> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      for (const wake of waiting.splice(0)) wake();
      done();
    },
  });
  return {
    log: pino({ level: 'info' }, sink),
    async line(check: (line: Record<string, unknown>) => boolean) {
      for (;;) {
        const found = lines.find(check);
        if (found) return found;
        await new Promise<void>((wake) => waiting.push(wake));
      }
    },
  };
}

describe('the request log', () => {
  it('writes one line per request with method, path, status, time and client, never the query', async () => {
    const captured = capturedLog();
    const server = await startTestServer({ start: { log: captured.log } });
    const response = await fetch(`${server.url}${NS}/events?search=secret-word`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const missing = await fetch(`${server.url}${NS}/nothing-here`);
    await missing.arrayBuffer();

    const line = await captured.line((l) => l.msg === 'request' && l.path === `${NS}/events`);
    expect(line).toMatchObject({ method: 'GET', status: 200, client: expect.any(String) });
    expect(typeof line.ms).toBe('number');
    expect(JSON.stringify(line)).not.toContain('secret-word');
    const other = await captured.line(
      (l) => l.msg === 'request' && l.path === `${NS}/nothing-here`,
    );
    expect(other.status).toBe(404);
  });
});
