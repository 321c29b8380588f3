import Papa from 'papaparse';

/** A CSV read into rows: the header's column names, one record per line, and the lines it could not read. */
export interface ParsedCsv {
  columns: string[];
  /** The separator detected: `,`, `;` or a tab (Spanish spreadsheets write `;`, with decimal commas). */
  delimiter: string;
  rows: Record<string, string>[];
  /** Problems by line (1 = the first data line): a wrong number of fields, a broken quote. */
  errors: { line: number; message: string }[];
}

/**
 * Reads CSV text with a header line (Papa Parse, wrapped here once): the delimiter is detected
 * (comma, semicolon, tab), headers are trimmed, blank lines skipped, a byte-order mark dropped,
 * every value kept as text (the API reads each as its column's type).
 */
export function parseCsv(text: string): ParsedCsv {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
    delimitersToGuess: [',', ';', '\t'],
  });
  const columns = (result.meta.fields ?? []).filter((column) => column !== '');
  const rows = result.data.map((record) => Object.fromEntries(columns.map((column) => [column, (record[column] ?? '').trim()])));
  const errors = result.errors.map((error) => ({ line: (error.row ?? 0) + 1, message: error.message }));
  return { columns, rows, errors, delimiter: result.meta.delimiter };
}

/** Reads a CSV file the person chose (UTF-8). */
export async function parseCsvFile(file: Blob): Promise<ParsedCsv> {
  return parseCsv(await file.text());
}
