// Writes a brotli (`.br`, maximum quality) and a gzip (`.gz`) copy beside every text file of the
// built storefront, which server/http/static-app.ts serves to browsers that accept them.
// build-server.ts runs it after `vite build`; `tsx scripts/compress-assets.ts [dir]` runs it alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESSIBLE_FILE } from '../server/http/static-app';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files to compress under `dir`, skipping dot folders such as Vite's `.vite/` (never served). */
function compressibleFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.')) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return compressibleFiles(path);
    return COMPRESSIBLE_FILE.test(name) ? [path] : [];
  });
}

export interface CompressionResult {
  files: number;
  bytes: number;
  brotliBytes: number;
}

/** Compresses every compressible file under `dir`; returns the totals. */
export async function compressAssets(dir: string): Promise<CompressionResult> {
  const files = compressibleFiles(dir);
  const sizes = await Promise.all(
    files.map(async (file) => {
      const content = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gz);
      return { bytes: content.length, brotliBytes: br.length };
    }),
  );
  return {
    files: files.length,
    bytes: sizes.reduce((sum, size) => sum + size.bytes, 0),
    brotliBytes: sizes.reduce((sum, size) => sum + size.brotliBytes, 0),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? 'dist/app';
  const { files, bytes, brotliBytes } = await compressAssets(dir);
  console.log(
    `compress-assets: ${files} files in ${dir}, ${(bytes / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB brotli`,
  );
}
