import { loginBodySchema, registerBodySchema } from './identity';

describe('identity contracts', () => {
  it('should trim and lower-case the email of a sign-up', () => {
    const body = registerBodySchema.parse({ name: ' Ada ', email: ' Ada@Example.COM ', password: 'long enough' });
    expect(body).toEqual({ name: 'Ada', email: 'ada@example.com', password: 'long enough' });
  });

  it('should keep the password exactly as typed', () => {
    expect(loginBodySchema.parse({ email: 'a@b.co', password: '  spaced  ' }).password).toBe('  spaced  ');
  });

  it('should name the missing field in its message', () => {
    const result = registerBodySchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Name is required', 'Email is required', 'Password is required']);
  });
});
