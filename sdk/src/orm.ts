/**
 * The ORM pieces plugins use for their own tables, re-exported so plugins depend on the SDK only.
 * @example export const Greeting = defineEntity({ name: 'HelloGreeting', properties: (p) => ({ id: p.integer().primary() }) })
 */
export { defineEntity, type InferEntity } from '@mikro-orm/core';
export { Migration } from '@mikro-orm/migrations';
export { tenantFilter } from './tenant-filter.js';
