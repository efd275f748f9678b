import { renderInShell } from '@balcao/testing/ui';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';
import { ALREADY_IN_LIST, checkRow, REPEATED_IN_SHEET } from '../server/import-sheet.js';
import ui from './index.js';
import { translateMessage } from './messages';
import { FileRefusal } from './upload-dialog';

/** Every reason a sheet row can be refused with, as the server words it (checkRow's and the import's own). */
function rowReasons(): Set<string> {
  const bad: string[][] = [
    ['', '5511999990001', ''],
    ['A', '5511999990001', ''],
    ['x'.repeat(51), '5511999990001', ''],
    ['Ana\u0000', '5511999990001', ''],
    ['Ana', '', ''],
    ['Ana', '123', ''],
    ['Ana', '1'.repeat(51), ''],
    ['Ana', '(11) --- ---', ''],
    ['Ana', '5511999990001', 'x@'],
    ['Ana', '5511999990001', `${'a'.repeat(200)}@x.com`],
  ];
  const reasons = new Set([REPEATED_IN_SHEET, ALREADY_IN_LIST]);
  for (const cells of bad) {
    const checked = checkRow(2, cells);
    expect(Array.isArray(checked), cells.join('|')).toBe(true);
    for (const e of checked as { message: string }[]) reasons.add(e.message);
  }
  // The rows above reach each of these (a new reason must be added here and to the locales).
  expect([...reasons].sort()).toEqual(
    [
      'Already in the list',
      'Invalid character',
      'Invalid email',
      'Repeated in the sheet',
      'Required',
      'Too Long!',
      'Too Short!',
    ].sort(),
  );
  return reasons;
}

/**
 * The file's own refusals, a field error on `file`: core's spreadsheet reader words the first two
 * (core/src/spreadsheets/spreadsheet-reader.ts), this plugin's upload route the third (server/routes.ts).
 */
const FILE_REASONS = [
  'Only .xlsx and .xls spreadsheets are accepted',
  'The spreadsheet could not be read',
  'File too large (10 MB at most)',
];

describe("an upload's refusal reasons", () => {
  const reasons = [...rowReasons(), ...FILE_REASONS];

  it.each([
    ['en', en],
    ['pt-BR', ptBR],
    ['es', es],
    ['tr', tr],
  ])('are each shown in %s from the plugin locale, never as the server wrote them', (_lang, locale) => {
    const messages = locale.messages as Record<string, string>;
    const t = (key: string) => messages[key.replace(/^messages\./, '')] ?? `MISSING ${key}`;
    for (const reason of reasons) {
      const shown = translateMessage(t, reason);
      expect(shown, reason).toBeTruthy();
      expect(shown, reason).not.toMatch(/^MISSING/);
    }
  });

  it('are told apart in Portuguese (no reason falls back to English there)', () => {
    const messages = ptBR.messages as Record<string, string>;
    const t = (key: string) => messages[key.replace(/^messages\./, '')] ?? `MISSING ${key}`;
    for (const reason of reasons) expect(translateMessage(t, reason), reason).not.toBe(reason);
  });
});

it("shows the server's refusal of the file itself beside the file input, in the user's language", async () => {
  const { html } = await renderInShell(
    ui,
    <FileRefusal message="Only .xlsx and .xls spreadsheets are accepted" />,
    {
      language: 'pt-BR',
    },
  );
  expect(html).toContain('data-testid="contact-list-upload-file-error"');
  expect(html).toContain('Somente planilhas .xlsx e .xls são aceitas.');
});
