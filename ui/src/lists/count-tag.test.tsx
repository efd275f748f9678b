import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CountTag } from './count-tag';

describe("a list's count", () => {
  it('is a spinner before the first answer, never a 0 that is not known yet', () => {
    const html = renderToStaticMarkup(<CountTag count={0} loaded={false} testId="count" />);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('bp6-spinner');
    expect(html).not.toMatch(/>0</);
  });

  it('shows the count once loaded, 0 included', () => {
    const html = renderToStaticMarkup(<CountTag count={0} loaded testId="count" />);
    expect(html).toMatch(/>0</);
    expect(html).toContain('aria-busy="false"');
  });
});
