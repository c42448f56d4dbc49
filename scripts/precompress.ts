/**
 * A Vite plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text file of
 * the built console, at the slowest, smallest levels: they are made once per build and then sent
 * as they are (server/console.ts), so a browser's first load costs the fewest bytes without the
 * server compressing anything per request.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Smaller files gain less than a compressed answer's headers cost. */
const THRESHOLD = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

export function precompressFiles(dir: string): void {
  for (const file of files(dir)) {
    const bytes = readFileSync(file);
    if (bytes.length < THRESHOLD) continue;
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gz = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
    if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
  }
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'almanac-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      precompressFiles(outDir);
    },
  };
}
