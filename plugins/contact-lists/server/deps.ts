import type { PluginDeps } from '@balcao/sdk';
import { ContactListItemsService } from './items-service.js';
import { ContactListsService } from './lists-service.js';

export const REQUIRES = ['em', 'realtime', 'spreadsheets', 'logger'] as const;

type Ports = PluginDeps<typeof REQUIRES, object>;

export const buildServices = (deps: Ports) => ({
  lists: new ContactListsService(deps),
  items: new ContactListItemsService(deps),
});

export type ContactListDeps = PluginDeps<typeof REQUIRES, ReturnType<typeof buildServices>>;
