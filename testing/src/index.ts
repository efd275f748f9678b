// @balcao/testing: what a plugin's (or core's) integration tests import, in one line. It starts the real kernel, so
// it depends on @balcao/core; the SDK's own helpers (sdk/testing) stay free of core and are re-exported here. The test
// host itself lives in core (core/src/testing/test-host.ts, `@balcao/core/testing`), so core's own test helpers use it
// without importing this package (which imports core: a cycle).

export type { Kernel } from '@balcao/core';
export {
  countStatements,
  createTestHost,
  httpChannelPlugin,
  type StatementCount,
  startInstance,
  type TestHost,
} from '@balcao/core/testing';
export * from '@balcao/sdk/testing';
export {
  type HoldingVendor,
  killHard,
  spawnWorker,
  startHoldingVendor,
  type VendorRequest,
} from './crash-kit.js';
export {
  createFakeChannel,
  type FakeChannel,
  type FakeConnection,
  type FakeInbound,
} from './fake-channel.js';
export { connectSocket, type TestFrame, type TestSocket } from './test-socket.js';
