/** Saving text as a file from the browser (file names: @tracklens/contracts tracking-plan-export). */

/** Offers `text` as a download named `fileName`; throws when the browser refuses. */
export function downloadText(fileName: string, text: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the browser's download already.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
