// The rule lives in the SDK, shared with plugins that limit public routes (web chat).
export { addressKey } from '@balcao/sdk';
