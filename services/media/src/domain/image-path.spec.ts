import { resolveImagePath } from './image-path';

describe(resolveImagePath.name, () => {
  const user = '3f1c7a52-5b8e-4c43-9d55-0a4e1b2c3d4e';
  const own = `users/${user}/products/p/screenshots/frame-1.jpg`;

  it('should name an image under the caller prefix with its content type', () => {
    expect(resolveImagePath(own, user)).toEqual({ key: own, contentType: 'image/jpeg' });
    expect(resolveImagePath(encodeURIComponent(own), user)).toEqual({ key: own, contentType: 'image/jpeg' });
    expect(resolveImagePath(own.replace('.jpg', '.WEBP'), user)?.contentType).toBe('image/webp');
  });

  it.each([
    ['another user', `users/someone-else/products/p/screenshots/frame-1.jpg`],
    ['dot-dot', `users/${user}/../other/x.png`],
    ['encoded dot-dot', `users/${user}/%2e%2e/other/x.png`],
    ['double encoded', `users/${user}/%252e%252e/other/x.png`],
    ['backslash', `users/${user}/a%5C..%5Cb.png`],
    ['NUL', `users/${user}/a.png%00.png`],
    ['not an image', `users/${user}/products/p/uploads/x/demo.mp4`],
    ['no extension', `users/${user}/products/p/screenshots/frame`],
    ['the prefix itself', `users/${user}/`],
    ['broken escape', `users/${user}/%E0%A4%A.png`],
    ['hidden segment', `users/${user}/.hidden/x.png`],
  ])('should refuse %s', (_name, raw) => {
    expect(resolveImagePath(raw, user)).toBeNull();
  });
});
