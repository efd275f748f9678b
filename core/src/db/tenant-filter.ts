/**
 * The tenant filter every tenant-owned entity carries. It is on by default and has no fallback:
 * a query on such an entity without `em.setFilterParams('tenant', { companyId })` fails instead of
 * reading every company's rows. System code that must cross tenants says so with `filters: false`.
 */
export const tenantFilter = {
  tenant: {
    name: 'tenant',
    cond: (args: { companyId?: number }) => {
      if (!args?.companyId) throw new Error('tenant filter used without a companyId');
      return { companyId: args.companyId };
    },
    default: true,
    args: true,
  },
};
