/**
 * One load run with autocannon: a number of keep-alive connections sending requests produced by
 * the scenario for a fixed time, to one server or spread over several nodes. Latencies are taken from autocannon's per-response event (in
 * fractional milliseconds; its own histogram rounds to whole milliseconds) and every answer that
 * is not 2xx, every socket error and every timeout counts as an error.
 */
import autocannon from 'autocannon';

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export type RequestSource = (i: number) => RequestSpec;

export interface LoadResult {
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  errors: number;
  statuses: Record<string, number>;
  /** Server CPU time (user + system, whole process tree) per completed request. */
  cpuMsPerRequest: number | null;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Runs the load against one server, or against several nodes at once with the connections
 * shared out between them (the first ones get one more when they do not divide evenly): the
 * result counts every node's answers over the run.
 */
export async function runLoad(
  url: string | readonly string[],
  source: RequestSource,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const urls = typeof url === 'string' ? [url] : url;
  if (urls.length === 0 || connections < urls.length)
    throw new Error(`${connections} connections cannot reach ${urls.length} servers.`);
  let counter = 0;
  const latencies: number[] = [];
  const instances = urls.map((target, k) => {
    const instance = autocannon({
      url: target,
      connections: Math.floor(connections / urls.length) + (k < connections % urls.length ? 1 : 0),
      duration: seconds,
      timeout: 10,
      requests: [
        {
          setupRequest: (request) => {
            const spec = source(counter++);
            const headers: Record<string, string> = { ...request.headers, ...spec.headers };
            if (spec.body !== undefined) headers['content-type'] ??= 'application/json';
            return {
              ...request,
              method: spec.method,
              path: spec.path,
              headers,
              body: spec.body ?? '',
            };
          },
        },
      ],
    });
    instance.on('response', (_client, _status, _bytes, ms) => {
      latencies.push(ms);
    });
    return instance;
  });
  const results = await Promise.all(instances);
  const sorted = Float64Array.from(latencies).sort();
  const total = latencies.reduce((sum, ms) => sum + ms, 0);
  const statuses: Record<string, number> = {};
  for (const result of results)
    for (const [code, { count }] of Object.entries(result.statusCodeStats))
      statuses[code] = (statuses[code] ?? 0) + count;
  const duration = Math.max(...results.map((r) => r.duration));
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    connections,
    seconds: duration,
    requests,
    rps: round(requests / duration, 0),
    latencyMs: {
      p50: round(percentile(sorted, 50)),
      p90: round(percentile(sorted, 90)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.length > 0 ? sorted[sorted.length - 1]! : 0),
      mean: round(latencies.length > 0 ? total / latencies.length : 0),
    },
    errors: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    statuses,
    cpuMsPerRequest: null,
  };
}
