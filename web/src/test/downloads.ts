/** What the page offered as downloads, with their text, and what it copied, for web tests (download.ts saves through a link). */

/** jsdom's Blob has no text(); FileReader reads it. */
export function readBlob(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('no blob'));
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}

export interface CapturedDownload {
  name: string;
  text: Promise<string>;
}

/** Captures each download of the current test instead of handing it to the browser; call in beforeEach. */
export function captureDownloads(): CapturedDownload[] {
  const downloads: CapturedDownload[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (!this.download) return;
    // An image export is offered as its data: URL.
    const text = this.href.startsWith('data:') ? Promise.resolve(this.href) : readBlob(blobs.get(this.href));
    downloads.push({ name: this.download, text });
  });
  return downloads;
}

/** Captures what the page copies to the clipboard in the current test; call in beforeEach. */
export function captureClipboard(): string[] {
  const copied: string[] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (text: string) => Promise.resolve(void copied.push(text)) },
  });
  return copied;
}
