export const SAMPLE_FILE_NAME = 'contact-list-sample.xlsx';

let cached: Promise<Buffer> | null = null;

/** The sample sheet offered beside each list: the columns an upload reads, a header and two rows. */
export function sampleSheet(): Promise<Buffer> {
  cached ??= (async () => {
    // exceljs loads on first use: some 25 MB of RSS that an idle server does not hold (issue 30).
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Contatos');
    sheet.addRows([
      ['Nome', 'Número', 'Email'],
      ['Ana Souza', '5511999990001', 'ana@exemplo.com.br'],
      ['Bruno Lima', '5521988880002', ''],
    ]);
    return Buffer.from(await book.xlsx.writeBuffer());
  })();
  return cached;
}
