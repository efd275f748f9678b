import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { FIRST_LOAD_JS_GOAL_BYTES, measureFirstLoad } from '../../../ui/first-load.js';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * `npm run bench -- first-load`: builds the UI as `npm start` does and prints what a cold /login downloads before its
 * first paint, against issue 30's goal (JavaScript < 250 KB gzipped). Sizes, not times: the same build gives the same
 * figures on any machine.
 */
export async function runFirstLoadBench(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../../..');
  execFileSync('npm', ['run', 'build:ui'], { cwd: root, stdio: 'ignore' });
  const load = measureFirstLoad(path.join(root, 'ui/dist'));
  console.log(`first load of /login: ${load.files.length} files`);
  console.log('| Before the first paint | raw | gzip | brotli | goal |');
  console.log('|---|---|---|---|---|');
  const { js, css } = load;
  const met = js.gzip < FIRST_LOAD_JS_GOAL_BYTES ? 'met' : 'NOT MET';
  console.log(`| JavaScript | ${kb(js.raw)} | ${kb(js.gzip)} | ${kb(js.brotli)} | < 250 KB gzip: ${met} |`);
  console.log(`| CSS | ${kb(css.raw)} | ${kb(css.gzip)} | ${kb(css.brotli)} | — |`);
}
