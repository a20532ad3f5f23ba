import { createUploadBodySchema, isAcceptedVideo } from './media';

describe(isAcceptedVideo.name, () => {
  it.each([
    ['video/mp4', 'demo.mp4', true],
    ['video/x-matroska', 'demo.mkv', true],
    ['', 'demo.WMV', true],
    ['text/plain', 'notes.mp4', true],
    ['text/plain', 'notes.txt', false],
    ['', 'demo', false],
    ['application/octet-stream', 'demo.mkv', false],
  ])('should answer %j %j with %s', (type, name, accepted) => {
    expect(isAcceptedVideo(type, name)).toBe(accepted);
  });
});

describe('createUploadBodySchema', () => {
  it('should say No file selected when the file is missing', () => {
    const result = createUploadBodySchema.safeParse({ productId: 'p', contentType: 'video/mp4' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('No file selected');
  });
});
