import { describe, expect, it } from 'vitest';
import { valuesOf } from './connection-dialog';

describe('the connection form', () => {
  it('starts a new connection closing idle open tickets after 24 hours (spec part 1 §9 "Auto-close ticket hours default 24")', () => {
    expect(valuesOf(null).expiresTicket).toBe(24);
  });
});
