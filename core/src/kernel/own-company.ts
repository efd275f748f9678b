import { AppError } from '@balcao/sdk';

/**
 * The ports that take a company id as an argument answer for the scope's company only: naming another one (or any,
 * where the scope has none: a public route, onBoot) is 403 ERR_NO_PERMISSION, before anything is read or written.
 */
export function ownCompany(companyId: number | undefined, named: unknown): asserts companyId is number {
  if (companyId === undefined || named !== companyId) throw new AppError('ERR_NO_PERMISSION', 403);
}
