import { safeFileName, sniffVideoContainer, uploadKey } from './video-container';

const box = (type: string, brand = 'isom') => Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from(type + brand, 'latin1'), Buffer.alloc(4)]);

describe(sniffVideoContainer.name, () => {
  it.each([
    ['mp4', box('ftyp'), 'video/mp4'],
    ['mov (qt brand)', box('ftyp', 'qt  '), 'video/quicktime'],
    ['old mov starting with moov', box('moov'), 'video/mp4'],
    ['webm', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0, 0, 0]), 'video/webm'],
    ['ogg', Buffer.from('OggS\0\x02\0\0\0\0\0\0', 'latin1'), 'video/ogg'],
    ['avi', Buffer.from('RIFF\x10\0\0\0AVI LIST', 'latin1'), 'video/x-msvideo'],
    ['wmv', Buffer.from([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0, 0xaa]), 'video/x-ms-wmv'],
  ])('should recognise %s', (_name, head, type) => {
    expect(sniffVideoContainer(head)).toBe(type);
  });

  it.each([
    ['text', Buffer.from('These are meeting notes')],
    ['a wav file', Buffer.from('RIFF\x10\0\0\0WAVEfmt ', 'latin1')],
    ['a png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
    ['too few bytes', Buffer.from([0, 0, 0])],
    ['nothing', Buffer.alloc(0)],
  ])('should refuse %s', (_name, head) => {
    expect(sniffVideoContainer(head)).toBeNull();
  });
});

describe(safeFileName.name, () => {
  it.each([
    ['demo.mp4', 'demo.mp4'],
    ['My Demo (final).mov', 'My-Demo-final-.mov'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\ada\\clip.webm', 'clip.webm'],
    ['..mp4', 'mp4'],
    ['a..b...mp4', 'a.b.mp4'],
    ['vidéo.mp4', 'video.mp4'],
    ['???', 'video'],
    ['', 'video'],
  ])('should turn %j into %j', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });

  it('should keep the extension of a very long name', () => {
    const safe = safeFileName(`${'x'.repeat(300)}.mp4`);
    expect(safe.length).toBeLessThanOrEqual(100);
    expect(safe.endsWith('.mp4')).toBe(true);
  });
});

describe(uploadKey.name, () => {
  it('should put the owner and product in the key', () => {
    expect(uploadKey('u1', 'p1', 'a b.mp4')).toMatch(/^users\/u1\/products\/p1\/uploads\/[0-9a-f-]{36}\/a-b\.mp4$/);
  });
});
