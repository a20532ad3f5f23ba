import { formatFileSize, sizeInMb } from './file-size';

describe(formatFileSize.name, () => {
  it('should print Bytes, KB, MB and GB with at most two decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024 + 123_456)).toBe('5.12 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatFileSize(2048 * 1024 ** 3)).toBe('2048 GB');
  });

  it('should read a missing or broken size as 0 Bytes', () => {
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
    expect(formatFileSize(-5)).toBe('0 Bytes');
  });
});

describe(sizeInMb.name, () => {
  it('should print sizes in MB with two decimals', () => {
    expect(sizeInMb(5 * 1024 * 1024 + 512 * 1024)).toBe('5.50 MB');
  });
});
