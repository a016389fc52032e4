import { toCsv } from '../../contract/csv.ts';

export { toCsv } from '../../contract/csv.ts';

/** Saves rows as a CSV file (UTF-8 with a byte order mark, so spreadsheets read accents right). */
export function downloadCsv(filename: string, rows: Record<string, unknown>[], columns?: string[]) {
  const blob = new Blob(['\ufeff', toCsv(rows, columns)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
