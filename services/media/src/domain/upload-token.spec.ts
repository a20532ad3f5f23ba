import { signUploadToken, uploadTokenKey, verifyUploadToken } from './upload-token';

describe(verifyUploadToken.name, () => {
  const key = uploadTokenKey('a-secret-of-sixteen-chars');
  const claims = { storageKey: 'users/u/products/p/uploads/x/demo.mp4', maxBytes: 1000, expiresAt: 1_900_000_000_000 };

  it('should answer the claims of a token it signed', () => {
    expect(verifyUploadToken(key, signUploadToken(key, claims))).toEqual(claims);
  });

  it('should refuse a token signed with another secret, a changed payload, or junk', () => {
    const token = signUploadToken(key, claims);
    expect(verifyUploadToken(uploadTokenKey('another-secret-of-16'), token)).toBeNull();
    const [, signature] = token.split('.');
    const bigger = Buffer.from(JSON.stringify({ k: claims.storageKey, m: 10 ** 12, e: claims.expiresAt })).toString('base64url');
    expect(verifyUploadToken(key, `${bigger}.${signature}`)).toBeNull();
    for (const junk of ['', '.', 'abc', `${token}.x`, 'a.b']) expect(verifyUploadToken(key, junk)).toBeNull();
  });

  it('should not accept a session token signed with the same secret', () => {
    // The upload key is derived from the secret, so nothing else signed with the secret verifies here.
    expect(uploadTokenKey('a-secret-of-sixteen-chars').equals(Buffer.from('a-secret-of-sixteen-chars'))).toBe(false);
  });
});
