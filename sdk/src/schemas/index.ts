export * from './attendance.js';
export * from './auth.js';
export * from './common.js';
export * from './companies.js';
export * from './history-import.js';
export * from './recovery.js';
export * from './schedules.js';
export * from './users.js';
