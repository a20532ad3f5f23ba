/** The JSON Schema validator the export specs prove their schemas with, set up once for all of them. */
import Ajv from 'ajv';

/** RFC 3339's date-time, by its shape alone. */
export const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** A value the date-time format accepts: RFC 3339's shape, and a date that parses. */
export function isDateTime(value: string): boolean {
  return RFC_3339.test(value) && !Number.isNaN(Date.parse(value));
}

/**
 * Draft-07 as strict as ajv gets, told only of the vendor `keywords` a format documents (strict mode refuses any
 * other), checking date-times with `dateTime`.
 */
export function strictAjv(
  keywords: readonly string[] = [],
  dateTime: RegExp | ((value: string) => boolean) = isDateTime,
): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true });
  for (const keyword of keywords) ajv.addKeyword(keyword);
  ajv.addFormat('date-time', dateTime);
  return ajv;
}
