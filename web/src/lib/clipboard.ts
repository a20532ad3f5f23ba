/** Copying text: the async Clipboard API, or the selection fallback where it is missing (plain HTTP, old browsers). */

export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  copyWithSelection(text);
}

function copyWithSelection(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  try {
    area.select();
    // execCommand is deprecated but is the only way left without the Clipboard API.
    if (!document.execCommand('copy')) throw new Error('Copy command was refused');
  } finally {
    area.remove();
  }
}
