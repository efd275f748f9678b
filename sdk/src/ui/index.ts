import type { ComponentType } from 'react';
import type { Language } from '../schemas/users.js';

/**
 * The closed list of places in the shell a plugin may render into. Every id has a render site (a test checks).
 * @example slots: { 'topbar.items': HelloBadge }
 */
export const SLOT_IDS = [
  'topbar.items',
  'tickets.welcome',
  'ticket.composer.actions',
  /** Above the composer while its text starts with '/': quick-reply suggestions (see `useComposer`). */
  'ticket.composer.suggestions',
] as const;

/** One of {@link SLOT_IDS}. @example const id: SlotId = 'topbar.items'; */
export type SlotId = (typeof SLOT_IDS)[number];

/** A page a plugin adds: a route, optionally a menu entry. @example { path: '/hello', component: HelloPage, menu: { labelKey: 'hello:menu', icon: 'hand', section: 'main' } } */
export interface UiPage {
  path: string;
  component: ComponentType;
  menu?: { labelKey: string; icon: string; section: 'main' | 'admin' };
  /** Only this profile sees the page (admin pages). */
  profile?: 'admin';
  superOnly?: boolean;
}

/** Translations of a plugin, one namespace named after the plugin. @example { en: { menu: 'Hello' }, … } */
export type UiLocales = Partial<Record<Language, Record<string, unknown>>>;

/**
 * A plugin's UI entry. The shell discovers it at build time, loads it lazily, and shows it only when
 * `GET /api/plugins` lists a server plugin of the same name for the tenant.
 * @example export default defineUiPlugin({ name: 'hello', pages: [...], slots: { 'topbar.items': Badge }, locales })
 */
export interface UiPluginDefinition {
  name: string;
  pages?: UiPage[];
  slots?: Partial<Record<SlotId, ComponentType>>;
  locales?: UiLocales;
}

/** Identity helper that types a UI plugin entry. @example export default defineUiPlugin({ name: 'hello' }) */
export function defineUiPlugin(definition: UiPluginDefinition): UiPluginDefinition {
  return definition;
}

export { type ComposerApi, ComposerContext, useComposer } from './composer.js';
export { type UiApi, type UiHost, UiHostContext, useCompanyChannel, useUiHost } from './host.js';
