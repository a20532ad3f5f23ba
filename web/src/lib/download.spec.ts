import { readBlob } from '../test/downloads';
import { downloadText } from './download';

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
