import { LANGUAGES, type PluginErrors } from '@balcao/sdk';
import { SLOT_IDS, slotFillsOf, type UiPluginDefinition } from '@balcao/sdk/ui';

const NAME = /^[a-z][a-z0-9-]*$/;

/** Flattens nested texts into `a.b.c` → text. */
function flatten(node: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else out.set(prefix, node);
  return out;
}

/**
 * What is wrong with a plugin's UI entry, as sentences (none: an empty list): a name that is not kebab-case or not the
 * server plugin's, a language missing or with other keys than English, an empty text, a page path not starting with
 * '/' or declared twice, a slot the shell does not have, a menu label or tab title naming a text the plugin lacks, and
 * — given the server's error catalogue — a plugin error code without its `errors.ERR_…` text in some language.
 * @example expect(checkUiEntry(helloUi, { serverName: 'hello', errors: helloErrors })).toEqual([])
 */
export function checkUiEntry(
  entry: UiPluginDefinition,
  opts: { serverName?: string; errors?: PluginErrors } = {},
): string[] {
  const problems: string[] = [];
  if (!NAME.test(entry.name)) problems.push(`name "${entry.name}" is not kebab-case`);
  if (opts.serverName !== undefined && opts.serverName !== entry.name)
    problems.push(`name "${entry.name}" is not the server plugin's ("${opts.serverName}")`);
  const texts = Object.fromEntries(LANGUAGES.map((lang) => [lang, flatten(entry.locales?.[lang] ?? {})]));
  const reference = [...texts.en.keys()].sort();
  for (const lang of LANGUAGES) {
    if (!entry.locales?.[lang]) {
      problems.push(`locales: ${lang} is missing`);
      continue;
    }
    const keys = [...texts[lang].keys()].sort();
    for (const key of reference.filter((k) => !keys.includes(k)))
      problems.push(`locales: ${lang} lacks ${key}`);
    for (const key of keys.filter((k) => !reference.includes(k)))
      problems.push(`locales: ${lang} has ${key}, en has not`);
    for (const [key, value] of texts[lang])
      if (typeof value !== 'string' || value.trim() === '') problems.push(`locales: ${lang}:${key} is empty`);
  }
  const hasText = (key: string) => {
    const [ns, rest] = key.includes(':') ? key.split(':', 2) : [entry.name, key];
    return ns === entry.name && texts.en.has(rest);
  };
  const paths = new Set<string>();
  for (const page of entry.pages ?? []) {
    if (!page.path.startsWith('/')) problems.push(`page ${page.path}: the path must start with '/'`);
    if (paths.has(page.path)) problems.push(`page ${page.path} is declared twice`);
    paths.add(page.path);
    if (page.menu && !hasText(page.menu.labelKey))
      problems.push(`page ${page.path}: menu label ${page.menu.labelKey} has no text`);
  }
  for (const [slot, contribution] of Object.entries(entry.slots ?? {})) {
    if (!(SLOT_IDS as readonly string[]).includes(slot))
      problems.push(`slot ${slot} is not a slot of the shell`);
    if (!contribution) continue;
    for (const { key, fill } of slotFillsOf(entry.name, contribution))
      if (fill.titleKey && !hasText(fill.titleKey))
        problems.push(`slot ${slot} (${key}): title ${fill.titleKey} has no text`);
  }
  for (const code of Object.keys(opts.errors?.statuses ?? {}))
    for (const lang of LANGUAGES)
      if (!texts[lang].has(`errors.${code}`))
        problems.push(`locales: ${lang} lacks errors.${code} (a server error code)`);
  return problems;
}
