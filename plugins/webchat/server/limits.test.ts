import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, readLimits } from './limits.js';

describe('web chat limits from the environment', () => {
  it('takes count/seconds over the defaults', () => {
    const limits = readLimits({ WEBCHAT_LIMIT_NEW_VISITORS: '500/60', WEBCHAT_LIMIT_VISITOR_MESSAGES: '' });
    expect(limits.newVisitors).toEqual({ count: 500, seconds: 60 });
    expect(limits.visitorMessages).toEqual(DEFAULT_LIMITS.visitorMessages);
  });

  it('refuses a value that is not two positive numbers, naming the variable', () => {
    for (const bad of ['10', '0/10', '10/0', 'ten/10', '-1/10'])
      expect(() => readLimits({ WEBCHAT_LIMIT_ADDRESS_MESSAGES: bad }), bad).toThrow(
        /WEBCHAT_LIMIT_ADDRESS_MESSAGES/,
      );
  });
});
