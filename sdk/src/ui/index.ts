import type { ComponentType } from 'react';
import type { ConnectionDto } from '../dto-attendance.js';
import type { PlanFlag } from '../plans.js';
import type { Channel } from '../schemas/attendance.js';
import type { Language } from '../schemas/users.js';

/**
 * The closed list of places in the shell a plugin may render into. Every id has a render site (a test checks).
 * @example slots: { 'topbar.items': HelloBadge }
 */
export const SLOT_IDS = [
  'topbar.items',
  /** A top-bar button opening a popover: the fill declares `icon` and `titleKey`, its component is the content. */
  'topbar.popovers',
  'tickets.welcome',
  /** Cards on the admin dashboard's Indicadores tab (`/`). */
  'dashboard.cards',
  /** Buttons in the open ticket's header (see `useSlotTicket`). */
  'ticket.header.actions',
  'ticket.composer.actions',
  /** Above the composer while its text starts with '/': quick-reply suggestions (see `useComposer`). */
  'ticket.composer.suggestions',
  /** Sections of the contact drawer beside a ticket (see `useSlotContact`). */
  'contact.drawer.sections',
  /** Tabs of the connection dialog, after the shell's own; the fill declares `titleKey` (see `useSlotConnection`). */
  'connection.dialog.tabs',
  /**
   * Tabs of the queue dialog, after the shell's own; the fill declares `titleKey` (see `useSlotQueue`): e.g. the
   * settings a bot engine keeps per queue, saved by the plugin's own routes.
   */
  'queue.dialog.tabs',
  /** Tabs of the company settings page (/settings, admins); the fill declares `titleKey`. */
  'settings.tabs',
] as const;

/** One of {@link SLOT_IDS}. @example const id: SlotId = 'topbar.items'; */
export type SlotId = (typeof SLOT_IDS)[number];

/**
 * A slot fill with what the shell needs besides the component: a plan flag and a profile of its own (the shell hides
 * the fill otherwise), and for tabs and popovers a title (an i18n key, with the plugin's namespace) and an icon.
 * @example { component: HelloTab, titleKey: 'hello:settingsTab', planFlag: 'useKanban', profile: 'admin' }
 */
export interface UiSlotFill {
  component: ComponentType;
  /**
   * Names the fill among the plugin's fills of one slot (kebab-case): a tab's URL and test ids read
   * `<plugin>.<id>`. The plugin's first fill without one is just `<plugin>`, the others `<plugin>.<position>`.
   */
  id?: string;
  planFlag?: PlanFlag;
  profile?: 'admin';
  titleKey?: string;
  /** A Blueprint icon name (top-bar popovers' button). */
  icon?: string;
  /** `connection.dialog.tabs`: the tab shows only for connections of these channels (all when left out). */
  channels?: readonly Channel[];
  /**
   * `connection.dialog.tabs`: the connection form fields the tab edits (`useSlotConnectionField`); the dialog opens the
   * tab when one of them has an error.
   */
  fields?: readonly string[];
}

/**
 * What a plugin puts in a slot: a component, a {@link UiSlotFill}, or several of them (rendered in their order).
 * @example 'topbar.items': HelloBadge
 * @example 'settings.tabs': [{ component: Greetings, titleKey: 'hello:settingsTab' }, { id: 'stats', component: Stats, titleKey: 'hello:statsTab' }]
 */
export type UiSlotContribution = ComponentType | UiSlotFill | readonly (ComponentType | UiSlotFill)[];

/**
 * Every fill of a contribution, in its order, each with the key the shell gives it (`<plugin>`, `<plugin>.<id>` or
 * `<plugin>.<position>`: unique among the slot's fills).
 * @example slotFillsOf('hello', [Badge, { id: 'count', component: Count }]).map((f) => f.key) // ['hello', 'hello.count']
 */
export function slotFillsOf(
  plugin: string,
  contribution: UiSlotContribution,
): { key: string; fill: UiSlotFill }[] {
  const list: readonly (ComponentType | UiSlotFill)[] = Array.isArray(contribution)
    ? contribution
    : [contribution as ComponentType | UiSlotFill];
  return list.map((one, position) => {
    const fill = slotFillOf(one);
    const key = fill.id ? `${plugin}.${fill.id}` : position === 0 ? plugin : `${plugin}.${position}`;
    return { key, fill };
  });
}

/** The fill form of one contribution. @example slotFillOf(HelloBadge).component === HelloBadge */
export function slotFillOf(contribution: ComponentType | UiSlotFill): UiSlotFill {
  return typeof contribution === 'object' && contribution !== null && 'component' in contribution
    ? contribution
    : { component: contribution };
}

/**
 * A page a plugin adds: a route, optionally a menu entry, and who sees it (profile, super user, plan flag). The
 * shell's menu knows no plugin path: the entry comes from here, placed `after` a given menu path or at the end of
 * its section.
 * @example { path: '/hello', component: HelloPage, planFlag: 'useKanban', menu: { labelKey: 'hello:menu', icon: 'hand', section: 'main' } }
 */
export interface UiPage {
  path: string;
  component: ComponentType;
  menu?: { labelKey: string; icon: string; section: 'main' | 'admin'; after?: string };
  /** Only this profile sees the page (admin pages). */
  profile?: 'admin';
  superOnly?: boolean;
  /** The page (and its menu entry) shows only when the company's plan has this flag. */
  planFlag?: PlanFlag;
}

/** What a channel's new-connection dialog gets. @example function InstagramLogin({ channel, onClose }: NewConnectionDialogProps) { … } */
export interface NewConnectionDialogProps {
  channel: Channel;
  onClose(): void;
  /** After the connection is created (the list updates by itself through realtime). */
  onCreated?(connection: ConnectionDto): void;
}

/**
 * A channel's entry in the "New connection" menu: the plan flag it needs and, optionally, its own dialog (left out:
 * the shell's connection dialog).
 * @example connectionChannels: [{ channel: 'instagram', planFlag: 'useInstagram', dialog: InstagramLogin }]
 */
export interface UiConnectionChannel {
  channel: Channel;
  planFlag?: PlanFlag;
  dialog?: ComponentType<NewConnectionDialogProps>;
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
  slots?: Partial<Record<SlotId, UiSlotContribution>>;
  /** The channels this plugin offers in the "New connection" menu. */
  connectionChannels?: UiConnectionChannel[];
  locales?: UiLocales;
}

/** Identity helper that types a UI plugin entry. @example export default defineUiPlugin({ name: 'hello' }) */
export function defineUiPlugin(definition: UiPluginDefinition): UiPluginDefinition {
  return definition;
}

export {
  ContactAvatar,
  type ContactAvatarProps,
  DeleteConfirmation,
  type DeleteConfirmationProps,
  type FormFieldErrors,
  FormFooter,
  type FormFooterProps,
  ListPage,
  type ListPageProps,
  type SaveHelper,
  type ShellBlocks,
  TicketRow,
  type TicketRowProps,
  useSave,
} from './blocks.js';
export {
  type ComposerApi,
  ComposerContext,
  type ComposerKeyEvent,
  type ComposerKeyHandler,
  type ComposerKeys,
  createComposerKeys,
  useComposer,
  useComposerKey,
} from './composer.js';
export {
  type UiAlert,
  type UiApi,
  type UiHost,
  UiHostContext,
  useCompanyChannel,
  useUiHost,
} from './host.js';
export {
  SlotConnectionContext,
  SlotConnectionFormContext,
  SlotContactContext,
  type SlotFormField,
  SlotQueueContext,
  SlotTicketContext,
  useSlotConnection,
  useSlotConnectionField,
  useSlotContact,
  useSlotQueue,
  useSlotTicket,
} from './slot-context.js';
