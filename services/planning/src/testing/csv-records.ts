/** CSV exports read back as a spreadsheet importer reads them, with a parser that is not the writer's. */
import { parse } from 'csv-parse/sync';

/** A record under the header: its cells by column name. */
export type CsvRow = { [column: string]: string };

/** Every record, the header first, as its cells, however many each has. */
export function rawRecords(text: string): string[][] {
  return parse(text, { relax_column_count: true });
}

/** The records under the header, keyed by the header's column names. */
export function records(text: string): CsvRow[] {
  return parse(text, { columns: true });
}
