import type { PluginDeps } from '@balcao/sdk';
import { ContactListItemsService } from './items-service.js';
import { ContactListsService } from './lists-service.js';
import { NumberChecker } from './number-check.js';

export const REQUIRES = ['em', 'realtime', 'spreadsheets', 'logger', 'jobs', 'connections'] as const;

type Ports = PluginDeps<typeof REQUIRES, object>;

export const buildServices = (deps: Ports) => ({
  lists: new ContactListsService(deps),
  items: new ContactListItemsService(deps),
  checker: new NumberChecker(deps),
});

export type ContactListDeps = PluginDeps<typeof REQUIRES, ReturnType<typeof buildServices>>;
