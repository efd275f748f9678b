/**
 * The tenant filter every tenant-owned entity carries (`filters: tenantFilter`). It is on by default and has no
 * fallback: a query on such an entity without `em.setFilterParams('tenant', { companyId })` fails instead of
 * reading every company's rows. The host sets it for requests and jobs; code that must cross tenants says so
 * with `filters: false`.
 * @example defineEntity({ name: 'HelloGreeting', filters: tenantFilter, properties: (p) => ({ companyId: p.integer() }) })
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
