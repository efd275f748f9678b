import type { CampaignVariable } from './settings.js';

/** Who a message goes to, as the placeholders name them (spec peer §5.7: from the list item). */
export interface Recipient {
  name: string;
  email: string | null;
  number: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Fills `{nome}`, `{email}`, `{numero}` and each settings variable `{key}` (single braces, not Mustache); any other
 * brace text stays as written. One pass, so a value holding `{nome}` is not expanded again.
 * @example renderMessage('Oi {nome}, use {cupom}', { name: 'Ana', email: null, number: '55' }, [{ key: 'cupom', value: 'X10' }]) === 'Oi Ana, use X10'
 */
export function renderMessage(
  template: string,
  to: Recipient,
  variables: readonly CampaignVariable[],
): string {
  const values = new Map<string, string>();
  for (const v of variables) values.set(v.key, v.value);
  values.set('nome', to.name);
  values.set('email', to.email ?? '');
  values.set('numero', to.number);
  const keys = [...values.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return template.replace(
    new RegExp(`\\{(${keys.join('|')})\\}`, 'g'),
    (_, key: string) => values.get(key) ?? '',
  );
}

/** One of the non-empty variants, uniformly at random (spec peer §5.7); null when all are empty. */
export function pickVariant(
  variants: readonly (string | null)[],
  random: () => number = Math.random,
): string | null {
  const filled = variants.filter((v): v is string => !!v);
  if (filled.length === 0) return null;
  return filled[Math.floor(random() * filled.length)];
}

/**
 * The pause after the `sentCount`-th message (seconds): the longer pause every `longerIntervalAfter` messages, else
 * `messageInterval`. 0 for either option switches that rule off.
 * @example pauseAfter(20, { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 }) === 60
 */
export function pauseAfter(
  sentCount: number,
  s: { messageInterval: number; longerIntervalAfter: number; greaterInterval: number },
): number {
  if (s.longerIntervalAfter > 0 && sentCount > 0 && sentCount % s.longerIntervalAfter === 0)
    return s.greaterInterval;
  return s.messageInterval;
}
