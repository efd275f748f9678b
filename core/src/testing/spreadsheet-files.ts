import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/** An .xlsx of these rows (first sheet), as a user's spreadsheet program writes one. */
export async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Planilha');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A zip bomb dressed as an .xlsx: a real workbook whose first sheet's XML inflates to `inflatedBytes` (one long
 * comment, which deflate shrinks about a thousandfold), so the archive itself stays small.
 */
export async function xlsxBomb(inflatedBytes: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await xlsxOf([['Ana', '5511999990000']]));
  const head =
    '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
  const tail = '--></sheetData></worksheet>';
  const filler = 'a'.repeat(inflatedBytes - head.length - tail.length - 15);
  zip.file('xl/worksheets/sheet1.xml', `${head}<sheetData><!--${filler}${tail}`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}
