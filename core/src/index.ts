export { CORE_ENTITIES, type Kernel, type KernelOptions, startKernel } from './app.js';
export { type Clock, ManualClock, systemClock } from './kernel/clock.js';
export { type Config, ConfigError, loadConfig } from './kernel/config.js';
export { createLogger } from './kernel/logger.js';
export { adminUrl, createTestDatabase } from './testing/test-database.js';
