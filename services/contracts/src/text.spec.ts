import { createProductBodySchema, createSavedItemBodySchema } from './catalog';
import { loginBodySchema, registerBodySchema } from './identity';
import { JSON_DEPTH_MAX, boundedJson, jsonDepthWithin, text } from './text';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
};

describe(text.name, () => {
  const name = text({ label: 'Product name', required: 'Product name is required', max: 20 });
  const description = text({
    label: 'Description',
    required: 'Description is required',
    max: 100,
    multiline: true,
  });

  it.each(['a\u0000b', '\u0000', 'tab\there', 'line\nbreak', 'esc\u001b[31m', 'del\u007f', 'c1\u0085'])(
    'should refuse the control character in the name %j',
    (value) => {
      expect(messagesOf(name.safeParse(value))).toEqual(['Product name must not contain control characters']);
    },
  );

  it('should keep tabs and line breaks in free text and refuse every other control character', () => {
    expect(description.parse('Line one\r\n\tLine two')).toBe('Line one\r\n\tLine two');
    expect(messagesOf(description.safeParse('a\u0000b'))).toEqual([
      'Description must not contain control characters',
    ]);
    expect(messagesOf(description.safeParse('bell\u0007'))).toEqual([
      'Description must not contain control characters',
    ]);
  });

  it.each(['a\ud800b', '\udc00', 'end\ud83d'])('should refuse the half surrogate pair in %j', (value) => {
    expect(messagesOf(name.safeParse(value))).toEqual(['Product name must be valid Unicode text']);
  });

  it('should keep emoji, accents and right-to-left text', () => {
    expect(name.parse(' 😀 Café \u202eabc ')).toBe('😀 Café \u202eabc');
  });

  it('should answer the required message for a missing, non-text or blank value, and the length message', () => {
    expect(messagesOf(name.safeParse(undefined))).toEqual(['Product name is required']);
    expect(messagesOf(name.safeParse(42))).toEqual(['Product name is required']);
    expect(messagesOf(name.safeParse('   '))).toEqual(['Product name is required']);
    expect(messagesOf(name.safeParse('x'.repeat(21)))).toEqual([
      'Product name must be at most 20 characters',
    ]);
  });

  it('should accept empty optional text and name a value that is not text', () => {
    const title = text({ label: 'Title', max: 10 });
    expect(title.parse('')).toBe('');
    expect(messagesOf(title.safeParse(['a']))).toEqual(['Title must be text']);
  });
});

describe('request schemas', () => {
  it('should refuse a NUL in the fields that reached PostgreSQL with it', () => {
    expect(
      messagesOf(
        registerBodySchema.safeParse({ name: 'a\u0000b', email: 'a@b.co', password: 'long enough' }),
      ),
    ).toEqual(['Name must not contain control characters']);
    expect(messagesOf(loginBodySchema.safeParse({ email: 'a\u0000b', password: 'x' }))).toEqual([
      'Email must not contain control characters',
    ]);
    expect(
      messagesOf(
        createProductBodySchema.safeParse({
          name: 'a\u0000b',
          type: 'website',
          description: 'Long enough text.',
        }),
      ),
    ).toEqual(['Product name must not contain control characters']);
  });
});

describe(jsonDepthWithin.name, () => {
  it('should count arrays and objects, not scalars', () => {
    expect(jsonDepthWithin(1, 0)).toBe(true);
    expect(jsonDepthWithin({}, 0)).toBe(false);
    expect(jsonDepthWithin([[{ a: [] }]], 4)).toBe(true);
    expect(jsonDepthWithin([[{ a: [] }]], 3)).toBe(false);
  });

  it('should measure a value nested far deeper than the stack allows', () => {
    expect(jsonDepthWithin(nested(200_000), JSON_DEPTH_MAX)).toBe(false);
  });
});

describe(boundedJson.name, () => {
  const content = boundedJson({ label: 'Content', maxBytes: 1000 });

  it('should keep JSON text as sent and serialise a value', () => {
    expect(content.parse('{"a": 1}')).toBe('{"a": 1}');
    expect(content.parse({ a: [1, 2] })).toBe('{"a":[1,2]}');
  });

  it('should refuse content nested deeper than the limit, as a value or as text', () => {
    const message = [`Content must not nest more than ${JSON_DEPTH_MAX} levels deep`];
    expect(content.parse(nested(JSON_DEPTH_MAX))).toContain('"a"');
    expect(messagesOf(content.safeParse(nested(JSON_DEPTH_MAX + 1)))).toEqual(message);
    expect(messagesOf(content.safeParse(nested(10_000)))).toEqual(message);
    expect(messagesOf(content.safeParse(`${'['.repeat(10_000)}${']'.repeat(10_000)}`))).toEqual(message);
  });

  it('should say what is wrong with missing, broken and oversized content', () => {
    expect(messagesOf(content.safeParse(undefined))).toEqual(['Content is required']);
    expect(messagesOf(content.safeParse('  '))).toEqual(['Content is required']);
    expect(messagesOf(content.safeParse('{'))).toEqual(['Content must be valid JSON']);
    expect(messagesOf(content.safeParse('"a\ud800"'))).toEqual(['Content must be valid Unicode text']);
    expect(messagesOf(content.safeParse({ a: 'x'.repeat(1000) }))).toEqual([
      'Content must be at most 1000 bytes',
    ]);
  });

  it('should answer a saved item nested 10,000 levels deep with a clear message', () => {
    const body = { productId: 'p', name: 'Plan', type: 'tracking_plan', content: nested(10_000) };
    expect(messagesOf(createSavedItemBodySchema.safeParse(body))).toEqual([
      `Content must not nest more than ${JSON_DEPTH_MAX} levels deep`,
    ]);
  });
});
