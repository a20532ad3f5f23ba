import { restoreVideoMetadata, stubVideoMetadata } from '../test/video-metadata';
import { readVideoDuration } from './video-duration';

const file = new File([new Uint8Array(16)], 'demo.mp4', { type: 'video/mp4' });

afterEach(() => {
  restoreVideoMetadata();
  jest.restoreAllMocks();
});

describe(readVideoDuration.name, () => {
  it("should answer the duration a <video> with preload=metadata reads from the file's object URL", async () => {
    stubVideoMetadata({ duration: 42.5 });
    const created: HTMLVideoElement[] = [];
    const createElement = document.createElement.bind(document);
    const spy = jest.spyOn(document, 'createElement').mockImplementation((tag: string) => {
      const element = createElement(tag);
      if (element instanceof HTMLVideoElement) created.push(element);
      return element;
    });
    await expect(readVideoDuration(file)).resolves.toBe(42.5);
    spy.mockRestore();
    expect(created[0]?.preload).toBe('metadata');
  });

  it('should answer null when the browser cannot read the file', async () => {
    stubVideoMetadata('unreadable');
    await expect(readVideoDuration(file)).resolves.toBeNull();
  });

  it('should answer null for an endless duration and when the metadata never arrive', async () => {
    stubVideoMetadata({ duration: Number.POSITIVE_INFINITY });
    await expect(readVideoDuration(file)).resolves.toBeNull();
    restoreVideoMetadata();
    // Without the stub jsdom's <video> never loads anything: the timeout answers.
    (URL as unknown as { createObjectURL: () => string }).createObjectURL = () => 'blob:x';
    (URL as unknown as { revokeObjectURL: () => void }).revokeObjectURL = () => undefined;
    jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    await expect(readVideoDuration(file, 50)).resolves.toBeNull();
  });
});
