import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Issue 30's goal: the JavaScript a cold /login needs before its first paint, gzipped. */
export const FIRST_LOAD_JS_GOAL_BYTES = 250 * 1024;

/** What a cold /login downloads before its first paint: sizes raw and as the server sends them (.gz, .br). */
export interface FirstLoad {
  files: string[];
  js: { raw: number; gzip: number; brotli: number };
  css: { raw: number; gzip: number; brotli: number };
}

const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);

/**
 * The files of a built UI (`ui/dist`) that load before /login paints: the scripts and styles `index.html` names (the
 * entry and its module preloads) and the first language's texts (pt-BR, the default). Pages, the 16 px and 20 px icon
 * chunks and the other languages load later (routes/lazy-pages.tsx, theme/icon-loading.ts, i18n/index.ts).
 * @example measureFirstLoad('ui/dist').js.gzip < FIRST_LOAD_JS_GOAL_BYTES
 */
export function measureFirstLoad(distDir: string): FirstLoad {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const named = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
  const language = readdirSync(path.join(distDir, 'assets')).find((f) => /^pt-BR-[\w-]+\.js$/.test(f));
  const files = [...new Set([...named, ...(language ? [`assets/${language}`] : [])])];
  const total = (ext: string) => {
    const sum = { raw: 0, gzip: 0, brotli: 0 };
    for (const f of files.filter((name) => name.endsWith(ext))) {
      const file = path.join(distDir, f);
      sum.raw += size(file);
      // Files under the compression threshold (1 KB) have no compressed twin: they are sent as they are.
      sum.gzip += size(`${file}.gz`) || size(file);
      sum.brotli += size(`${file}.br`) || size(file);
    }
    return sum;
  };
  return { files, js: total('.js'), css: total('.css') };
}
