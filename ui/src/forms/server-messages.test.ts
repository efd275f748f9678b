import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import es from '../i18n/locales/es.json';
import ptBR from '../i18n/locales/pt-BR.json';
import tr from '../i18n/locales/tr.json';
import { translateValidation } from './field-errors';

// Issue 24: a field message the server writes must reach the user translated, never as the server's English.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sources = ['core/src', 'sdk/src/schemas', 'sdk/src/settings.ts', 'plugins', 'channels/webchat/src'];

function files(at: string): string[] {
  const full = path.join(root, at);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((e) => {
    // The UI's own texts and the kernel's configuration (read by operators, in English) are not server answers.
    if (['node_modules', 'ui', 'dist', 'kernel'].includes(e.name)) return [];
    const rel = path.join(at, e.name);
    if (e.isDirectory()) return files(rel);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path.join(root, rel)] : [];
  });
}

/** Field messages of ERR_VALIDATION answers (`{ path, message: '…' }`) and of the shared zod schemas (`.min(5, '…')`). */
function serverMessages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources.flatMap(files)) {
    const text = readFileSync(file, 'utf8');
    const patterns = [
      /path[^\n]*?message: '([^']+)'/g,
      /\.(?:min|max|regex|refine)\([^\n]*?, '([^']+)'\)/g,
      /z\.string\(\{ error: '([^']+)' \}\)/g,
    ];
    for (const pattern of patterns)
      for (const m of text.matchAll(pattern)) found.set(m[1], path.relative(root, file));
  }
  return found;
}

const locales = { 'pt-BR': ptBR, en, es, tr };

function lookUp(resources: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources);
}

describe('server field messages', () => {
  const messages = serverMessages();

  it('are found (the scan reads the server sources)', () => {
    expect(messages.get('ERR_NAME_TAKEN')).toBe('core/src/modules/tags/tags-service.ts');
    expect(messages.has('Too Short!')).toBe(true);
  });

  it.each(Object.entries(locales))('each has a %s translation', (_lang, resources) => {
    const untranslated: string[] = [];
    for (const [message, file] of messages) {
      let text: unknown;
      translateValidation(message, (key) => {
        text = lookUp(resources, key);
        return String(text);
      });
      if (typeof text !== 'string' || text === '') untranslated.push(`${message} (${file})`);
    }
    expect(untranslated).toEqual([]);
  });
});
