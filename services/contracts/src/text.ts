/**
 * Text and free-form JSON as REST bodies and queries may carry them: every schema builds its text fields with
 * `text()` and its JSON values with `boundedJson()`, so that what is refused is decided here once.
 */
import { z } from 'zod';

/**
 * Unicode control characters (C0, DEL, C1). PostgreSQL refuses U+0000 outright, and no name, e-mail, id or
 * title has a use for any of them.
 */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** The same, except tab, line feed and carriage return, which free text (descriptions, messages) keeps. */
const CONTROL_CHARACTER_EXCEPT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
/** Half of a surrogate pair: not a character at all, and what PostgreSQL's JSON refuses when it is escaped. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_CHARACTER_EXCEPT_LINE_BREAKS : CONTROL_CHARACTER).test(value);
}

export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

export interface TextRules {
  /** The field as a user names it, at the start of its messages: 'Product name'. */
  label: string;
  max: number;
  /** Defaults to '{label} must be at most {max} characters'. */
  tooLong?: string;
  /** A missing, non-text or (after trimming) empty value answers this. Without it, empty text is accepted. */
  required?: string;
  /** With `required`: fewer characters than this (after trimming) answer `required` too. */
  min?: number;
  /** The message for a value that is not text, when it is not `required`'s. */
  notText?: string;
  /** Descriptions and messages keep tabs and line breaks; names, e-mails, ids and titles keep no control character. */
  multiline?: boolean;
  /** Keys are looked up exactly as sent: no trimming. */
  trim?: boolean;
}

/** A text field of a request: trimmed, length-checked, without control characters or broken Unicode. */
export function text(rules: TextRules): z.ZodString {
  const { label, max } = rules;
  let schema = z.string({ error: rules.notText ?? rules.required ?? `${label} must be text` });
  if (rules.trim !== false) schema = schema.trim();
  if (rules.required !== undefined) schema = schema.min(rules.min ?? 1, rules.required);
  return schema
    .max(max, rules.tooLong ?? `${label} must be at most ${max} characters`)
    .refine(
      (value) => !hasControlCharacters(value, { multiline: rules.multiline }),
      `${label} must not contain control characters`,
    )
    .refine(isWellFormedText, `${label} must be valid Unicode text`);
}

/**
 * How deep a JSON value a request may carry nests arrays and objects. Real content (a tracking plan, a user
 * flow) nests under ten; far deeper values would overflow the stack of whatever walks them (JSON.stringify).
 */
export const JSON_DEPTH_MAX = 64;

/** Whether `value` nests at most `max` arrays and objects deep. Iterative, so that no depth can overflow the stack. */
export function jsonDepthWithin(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= max) return false;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return true;
}

export interface JsonRules {
  /** The field as a user names it: 'Content'. */
  label: string;
  /** The most UTF-8 bytes of its JSON text. */
  maxBytes: number;
  /** Defaults to '{label} must be at most {maxBytes} bytes'. */
  tooLarge?: string;
}

/**
 * A free-form JSON value, sent as the value itself or as its JSON text; either way it becomes JSON text, bounded
 * in depth and size before anything serialises or stores it.
 */
export function boundedJson(rules: JsonRules) {
  const { label, maxBytes } = rules;
  return z.unknown().transform((value, ctx) => {
    const parsed = parseJsonText(value);
    if (parsed === undefined) {
      ctx.addIssue({ code: 'custom', message: `${label} is required` });
      return z.NEVER;
    }
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: `${label} must be valid JSON` });
      return z.NEVER;
    }
    if (typeof value === 'string' && !isWellFormedText(value)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be valid Unicode text` });
      return z.NEVER;
    }
    if (!jsonDepthWithin(parsed.value, JSON_DEPTH_MAX)) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} must not nest more than ${JSON_DEPTH_MAX} levels deep`,
      });
      return z.NEVER;
    }
    const jsonText = typeof value === 'string' ? value : JSON.stringify(parsed.value);
    if (new TextEncoder().encode(jsonText).length > maxBytes) {
      ctx.addIssue({
        code: 'custom',
        message: rules.tooLarge ?? `${label} must be at most ${maxBytes} bytes`,
      });
      return z.NEVER;
    }
    return jsonText;
  });
}

/** undefined when there is nothing (no value, blank text); the value itself when it is not text. */
function parseJsonText(value: unknown): { ok: true; value: unknown } | { ok: false } | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return { ok: true, value };
  if (value.trim() === '') return undefined;
  try {
    return { ok: true, value: JSON.parse(value) as unknown };
  } catch {
    return { ok: false };
  }
}
