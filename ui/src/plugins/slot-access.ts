import { type PlanFlag, type PlanFlags, planHas } from '@balcao/sdk';
import { type AccessUser, isAdmin } from './page-access';

/** Who sees a plugin's page or slot fill: its own plan flag and profile (the plugin's flag the server applied). */
export interface Gated {
  planFlag?: PlanFlag;
  profile?: 'admin';
  superOnly?: boolean;
}

/** The company's plan has the contribution's flag (none: always), and the user its profile. */
export function canSee(
  gated: Gated,
  user: AccessUser | null,
  plan: Partial<PlanFlags> | null | undefined,
): boolean {
  if (gated.planFlag && !planHas(plan, gated.planFlag)) return false;
  if (gated.profile === 'admin' && !(user && isAdmin(user))) return false;
  if (gated.superOnly && !user?.super) return false;
  return true;
}
