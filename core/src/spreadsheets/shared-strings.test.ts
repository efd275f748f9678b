import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SharedStrings } from './shared-strings.js';

describe('SharedStrings (an .xlsx string table kept in a file)', () => {
  it('answers each string by index, in any order, whether written out yet or still pending', () => {
    const table = new SharedStrings();
    try {
      const long = 'ç'.repeat(70_000); // two bytes a character: longer than one read block
      const strings = ['Ana', '', 'João Conceição', '🙂 emoji', long];
      for (let i = 0; i < 20_000; i++) strings.push(`Cliente ${i} <${i % 7}>`);
      for (const s of strings) table.add(s);
      expect(table.size).toBe(strings.length);
      // Pending (not yet written) strings are readable too.
      expect(table.get(strings.length - 1)).toBe(strings.at(-1));
      for (const i of [0, 1, 2, 3, 4, 19_999, 5, 12_345, 4, 0]) expect(table.get(i)).toBe(strings[i]);
      for (let i = 0; i < strings.length; i += 97) expect(table.get(i)).toBe(strings[i]);
    } finally {
      table.close();
    }
  });

  it("reads '' for an index it does not hold, as a cell naming a missing string", () => {
    const table = new SharedStrings();
    try {
      table.add('só uma');
      for (const i of [1, -1, 0.5, Number.NaN, 2 ** 40]) expect(table.get(i)).toBe('');
    } finally {
      table.close();
    }
  });

  it('leaves no file behind, even before it is closed', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'balcao-strings-test-'));
    const table = new SharedStrings(dir);
    table.add('x'.repeat(100_000));
    expect(readdirSync(dir)).toEqual([]);
    expect(table.get(0)).toHaveLength(100_000);
    table.close();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('holds the same memory for a million strings as for a few (strings and offsets both wait on disk)', () => {
    const table = new SharedStrings();
    try {
      const before = process.memoryUsage().arrayBuffers;
      for (let i = 0; i < 1_000_000; i++) table.add(`Cliente ${i}`);
      // Offsets kept in memory would hold 4 MB here (4 bytes a string), and the strings themselves far more.
      expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1024 * 1024);
      for (const i of [0, 999_999, 123_456, 500_000, 1]) expect(table.get(i)).toBe(`Cliente ${i}`);
    } finally {
      table.close();
    }
  });
});
