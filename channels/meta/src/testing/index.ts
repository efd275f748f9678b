export { FIXTURE_IDS, fixture, imageDelivery } from './fixtures.js';
export { type MockGraph, type MockPage, type MockSend, startMockGraph } from './mock-graph.js';
export { delivery, signedDelivery, textEvent } from './webhook-events.js';
