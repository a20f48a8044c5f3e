import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { BROTLI_SUFFIX, PRECOMPRESSED_FILE } from '../../server/web/http/static-files';

// The hashed assets never change once built, so they are compressed once, here, at brotli's
// highest quality (11: about 12 % smaller than gzip -9 on our JavaScript, and far too slow to
// run per request, which is why the compression middleware uses quality 4). The web serves
// `name.br` to a browser that accepts br (server/web/http/static-files.ts); other clients get
// the middleware's gzip.

const brotli = promisify(zlib.brotliCompress);

/** Writes `file.br` beside every script, stylesheet and SVG under `dir`; returns each one's compressed size by path. */
export async function precompressAssets(dir: string): Promise<Map<string, number>> {
  const files = (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile() && PRECOMPRESSED_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const sizes = new Map<string, number>();
  await Promise.all(
    files.map(async (file) => {
      const source = await fs.promises.readFile(file);
      const compressed = await brotli(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      });
      await fs.promises.writeFile(`${file}${BROTLI_SUFFIX}`, compressed);
      sizes.set(file, compressed.byteLength);
    }),
  );
  return sizes;
}
