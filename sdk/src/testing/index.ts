// Test helpers for plugin and channel authors. Nothing here imports @balcao/core: what needs a running kernel takes a
// started one (`HostClient`), which @balcao/testing's createTestHost answers.

export {
  type ChannelContractHarness,
  describeChannelContract,
  type EdgeConversation,
  type EdgeDelivery,
  type EdgeInbound,
} from './channel-contract.js';
export { createTenant, eventually } from './fixtures.js';
export type { HostClient } from './host-client.js';
