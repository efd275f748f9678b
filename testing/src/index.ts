// @balcao/testing: what a plugin's (or core's) integration tests import, in one line. It starts the real kernel, so
// it depends on @balcao/core; the SDK's own helpers (sdk/testing) stay free of core and are re-exported here.

export type { Kernel } from '@balcao/core';
export * from '@balcao/sdk/testing';
export {
  createFakeChannel,
  type FakeChannel,
  type FakeConnection,
  type FakeInbound,
} from './fake-channel.js';
export { createTestHost, startInstance, type TestHost } from './test-host.js';
export { connectSocket, type TestFrame, type TestSocket } from './test-socket.js';
