import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SLOT_IDS } from '@balcao/sdk/ui';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const renderSites = sourceFiles(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/<Slot\s+id="([^"]+)"/g)].map((m) => ({ id: m[1], file })),
);

describe('plugin slots', () => {
  it.each(SLOT_IDS)('slot %s has a render site in the shell', (id) => {
    expect(renderSites.some((site) => site.id === id)).toBe(true);
  });

  it('renders no slot outside the SDK list', () => {
    const known = new Set<string>(SLOT_IDS);
    expect(renderSites.filter((site) => !known.has(site.id))).toEqual([]);
  });
});
