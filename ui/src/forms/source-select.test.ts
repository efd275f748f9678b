import { describe, expect, it } from 'vitest';
import { MAX_SOURCE_PAGES, readListing } from './source-select';

/** A listing of `total` file lists, 20 a page, as `GET /api/files` answers. */
function filesApi(total: number) {
  const asked: number[] = [];
  const get = async (path: string, pageNumber: number) => {
    expect(path).toBe('/files');
    asked.push(pageNumber);
    const from = (pageNumber - 1) * 20;
    const files = Array.from({ length: Math.max(0, Math.min(20, total - from)) }, (_, i) => ({
      id: from + i + 1,
      name: `Lista ${from + i + 1}`,
      message: 'not kept',
    }));
    return { files, count: total, hasMore: total > pageNumber * 20 };
  };
  return { get, asked };
}

describe('the pickers of file lists and prompts', () => {
  it('read every page while the answer has more, keeping id and name', async () => {
    const { get, asked } = filesApi(45);
    const records = await readListing(get, '/files', 'files');
    expect(asked).toEqual([1, 2, 3]);
    expect(records).toHaveLength(45);
    expect(records[44]).toEqual({ id: 45, name: 'Lista 45' });
  });

  it('stop after one page when it is the last, and at the page bound', async () => {
    const one = filesApi(3);
    expect(await readListing(one.get, '/files', 'files')).toHaveLength(3);
    expect(one.asked).toEqual([1]);
    const many = filesApi(10_000);
    expect(await readListing(many.get, '/files', 'files')).toHaveLength(20 * MAX_SOURCE_PAGES);
    expect(many.asked).toHaveLength(MAX_SOURCE_PAGES);
  });
});
