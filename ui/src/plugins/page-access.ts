import type { UiPage } from '@balcao/sdk/ui';

export interface AccessUser {
  profile: string;
  super: boolean;
}

export const isAdmin = (user: AccessUser): boolean => user.profile.toLowerCase() === 'admin';

/** A plugin page declared `profile: 'admin'` or `superOnly` is only for those users. */
export function canAccessPage(page: Pick<UiPage, 'profile' | 'superOnly'>, user: AccessUser): boolean {
  if (page.profile === 'admin' && !isAdmin(user)) return false;
  if (page.superOnly && !user.super) return false;
  return true;
}
