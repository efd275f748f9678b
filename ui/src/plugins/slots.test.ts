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

// A render site is `<Slot id="…" />` (components side by side) or `useSlotFills('…')` (tabs and popovers, which
// need the fill's title and icon).
const renderSites = sourceFiles(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/<Slot\s+id="([^"]+)"|useSlotFills\('([^']+)'\)/g)].map((m) => ({
    id: m[1] ?? m[2],
    file,
  })),
);

describe('plugin slots', () => {
  it.each(SLOT_IDS)('slot %s has a render site in the shell', (id) => {
    expect(renderSites.some((site) => site.id === id)).toBe(true);
  });

  it('finds the render sites of the tab and popover slots too', () => {
    const files = (id: string) => renderSites.filter((s) => s.id === id).map((s) => s.file.replace(SRC, ''));
    expect(files('settings.tabs')).toEqual(['settings/settings-screen.tsx']);
    expect(files('topbar.popovers')).toEqual(['layout/plugin-popovers.tsx']);
    expect(files('connection.dialog.tabs')).toEqual(['connections/connection-dialog.tsx']);
    expect(files('queue.dialog.tabs')).toEqual(['queues/queue-dialog.tsx']);
  });

  it('renders no slot outside the SDK list', () => {
    const known = new Set<string>(SLOT_IDS);
    expect(renderSites.filter((site) => !known.has(site.id))).toEqual([]);
  });
});
