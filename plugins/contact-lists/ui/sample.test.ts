import ExcelJS from 'exceljs';
import { afterEach, expect, it, vi } from 'vitest';
import { SAMPLE_FILE_NAME, sampleSheet } from '../server/sample.js';
import { downloadSample } from './sample';

afterEach(() => vi.unstubAllGlobals());

it("saves the server's sample sheet as the browser's file: name, number and e-mail columns, a header and two rows", async () => {
  const base64 = (await sampleSheet()).toString('base64');
  const api = { get: vi.fn(async () => ({ fileName: SAMPLE_FILE_NAME, base64 })) };
  // The browser's parts the download touches: the Blob URL it makes and the link it clicks.
  let saved: Blob | undefined;
  const link = { href: '', download: '', click: vi.fn() };
  vi.stubGlobal('document', { createElement: (tag: string) => (tag === 'a' ? link : null) });
  vi.stubGlobal('URL', {
    createObjectURL: (blob: Blob) => {
      saved = blob;
      return 'blob:sample';
    },
    revokeObjectURL: () => undefined,
  });

  await downloadSample(api as never);

  expect(api.get).toHaveBeenCalledWith('/contact-lists/sample');
  expect(link).toMatchObject({ href: 'blob:sample', download: 'contact-list-sample.xlsx' });
  expect(link.click).toHaveBeenCalledOnce();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await (saved as Blob).arrayBuffer());
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows).toEqual([
    ['Nome', 'Número', 'Email'],
    ['Ana Souza', '5511999990001', 'ana@exemplo.com.br'],
    ['Bruno Lima', '5521988880002', ''],
  ]);
});
