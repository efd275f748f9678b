import { describe, expect, it } from 'vitest';
import { embedSnippet, webchatPageUrl } from './embed-rules';

describe('web chat links', () => {
  it('builds the public page and the embeddable script from the origin and the token', () => {
    expect(webchatPageUrl('https://chat.example.com', 'ABC123')).toBe(
      'https://chat.example.com/webchat/ABC123',
    );
    expect(embedSnippet('https://chat.example.com', 'ABC123')).toBe(
      '<script src="https://chat.example.com/webchat/ABC123/embed.js"></script>',
    );
  });
});
