/** Saving text as a file from the browser (file names: @tracklens/contracts tracking-plan-export). */

/** Offers `url` (a blob: or data: URL) as a download named `fileName`. */
export function downloadUrl(fileName: string, url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Offers `text` as a download named `fileName`; throws when the browser refuses. */
export function downloadText(fileName: string, text: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  try {
    downloadUrl(fileName, url);
  } finally {
    // The click has handed the blob to the browser's download already.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
