import { downloadText } from './download';

/** jsdom's Blob has no text(); FileReader reads it. */
function readBlob(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('no blob'));
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}

describe('downloads', () => {
  it('should hand the text to the browser as a named file', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:test';
    };
    URL.revokeObjectURL = () => undefined;
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    downloadText('plan.csv', 'a,b\r\n', 'text/csv;charset=utf-8');
    click.mockRestore();
    expect(clicked[0]?.download).toBe('plan.csv');
    expect(clicked[0]?.href).toBe('blob:test');
    expect(await readBlob(blobs[0])).toBe('a,b\r\n');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
