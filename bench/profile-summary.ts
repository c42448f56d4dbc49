/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): the functions with the most self time, and
 * the files with the most inclusive time. Used to see where a request's time goes. Frames of a
 * bundle (the server runs from dist/node/server/cli.js) are shown at their source file and line,
 * read from the bundle's source map.
 *
 *   tsx bench/profile-summary.ts <file.cpuprofile> [top=30]
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  children?: number[];
}

/** Points the frames of source-mapped bundles at their sources (in place). */
export function unbundle(profile: Profile): Profile {
  const maps = new Map<string, { map: SourceMap; dir: string } | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      const file = url.startsWith('file://') ? fileURLToPath(url) : '';
      const found = file.endsWith('.js') && existsSync(`${file}.map`);
      maps.set(
        url,
        found
          ? {
              map: new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))),
              dir: dirname(file),
            }
          : null,
      );
    }
    return maps.get(url);
  };
  for (const { callFrame: frame } of profile.nodes) {
    const bundle = mapOf(frame.url);
    if (!bundle) continue;
    const entry = bundle.map.findEntry(frame.lineNumber, frame.columnNumber ?? 0);
    if (!('originalSource' in entry)) continue;
    frame.url = pathToFileURL(resolve(bundle.dir, entry.originalSource)).href;
    frame.lineNumber = entry.originalLine;
  }
  return profile;
}

export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Shown paths start inside node_modules or inside this checkout. */
const ROOT_OR_MODULES = new RegExp(
  `^.*/node_modules/|^${pathToFileURL(
    resolve(fileURLToPath(new URL('..', import.meta.url))),
  ).href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`,
);

export function summarise(profile: Profile, top = 30): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  // Percentages are of busy time: waiting for requests (idle) says nothing about their cost.
  const idle = new Set(
    profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
  );
  for (const id of idle) self.delete(id);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const label = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(ROOT_OR_MODULES, '')}:${n.callFrame.lineNumber + 1}`;
  const selfByLabel = new Map<string, number>();
  const fileInclusive = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    selfByLabel.set(label(node), (selfByLabel.get(label(node)) ?? 0) + us);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const file = byId.get(cur)!.callFrame.url.replace(ROOT_OR_MODULES, '');
      if (!file || seen.has(file)) continue;
      seen.add(file);
      fileInclusive.set(file, (fileInclusive.get(file) ?? 0) + us);
    }
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
  const lines = [`busy ${(total / 1000).toFixed(0)} ms`, '', 'self time:'];
  for (const [name, us] of [...selfByLabel].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`${pct(us)}  ${name}`);
  lines.push('', 'inclusive time by file:');
  for (const [file, us] of [...fileInclusive].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`${pct(us)}  ${file}`);
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2]) {
  const profile = unbundle(JSON.parse(readFileSync(process.argv[2], 'utf8')) as Profile);
  console.log(summarise(profile, Number(process.argv[3] ?? 30)));
}
