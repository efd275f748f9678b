import { describe, expect, it } from 'vitest';
import { hasConnectionWarning } from './connection-warning';

describe('hasConnectionWarning', () => {
  it.each(['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'])(
    'warns when a connection is %s',
    (status) => {
      expect(hasConnectionWarning(['CONNECTED', status])).toBe(true);
    },
  );

  it('stays quiet when every connection is CONNECTED or there is none', () => {
    expect(hasConnectionWarning(['CONNECTED', 'CONNECTED'])).toBe(false);
    expect(hasConnectionWarning([])).toBe(false);
  });

  it('matches statuses exactly as the spec spells them', () => {
    expect(hasConnectionWarning(['QRCODE'])).toBe(false);
    expect(hasConnectionWarning(['disconnected'])).toBe(false);
  });
});
