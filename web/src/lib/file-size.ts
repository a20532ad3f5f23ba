/** A byte count as people read it (product-spec §2 knowledge base: Bytes, KB, MB or GB). */
const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  // Up to two decimals, without trailing zeros: 1.5 MB, 2 KB, 1023 Bytes.
  return `${Number.parseFloat(value.toFixed(2))} ${UNITS[exponent]}`;
}

/** product-spec §2 onboarding: the chosen file's size in MB, two decimals. */
export function sizeInMb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
