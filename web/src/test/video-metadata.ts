/**
 * jsdom's media elements load nothing: this makes a <video> report the given duration (or fail) once its src is
 * set, as a browser does after reading the file's metadata, and gives URL its object-URL functions.
 */
type Metadata = { duration: number } | 'unreadable';

let metadata: Metadata = { duration: 60 };
const restorers: (() => void)[] = [];

function override(target: object, key: string, descriptor: PropertyDescriptor): void {
  const previous = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { configurable: true, ...descriptor });
  restorers.push(() => {
    if (previous) Object.defineProperty(target, key, previous);
    else delete (target as Record<string, unknown>)[key];
  });
}

/** What the next videos read; call in beforeEach and undo with restoreVideoMetadata. */
export function stubVideoMetadata(next: Metadata): void {
  metadata = next;
  if (restorers.length > 0) return;
  const proto = HTMLMediaElement.prototype;
  override(proto, 'src', {
    get(this: HTMLMediaElement) {
      return this.getAttribute('src') ?? '';
    },
    set(this: HTMLMediaElement, value: string) {
      this.setAttribute('src', value);
      const current = metadata;
      setTimeout(() => {
        if (current === 'unreadable') this.onerror?.(new Event('error'));
        else {
          Object.defineProperty(this, 'duration', { configurable: true, value: current.duration });
          this.onloadedmetadata?.(new Event('loadedmetadata'));
        }
      }, 0);
    },
  });
  override(proto, 'load', { value: () => undefined, writable: true });
  override(URL, 'createObjectURL', { value: () => 'blob:test-video', writable: true });
  override(URL, 'revokeObjectURL', { value: () => undefined, writable: true });
}

export function restoreVideoMetadata(): void {
  while (restorers.length > 0) restorers.pop()?.();
}
