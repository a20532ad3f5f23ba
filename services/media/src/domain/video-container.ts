/** Which video container a file's first bytes announce (its magic), and the name it may be stored under. */
import { randomUUID } from 'node:crypto';

/** Enough bytes for every signature below. */
export const MAGIC_BYTES = 16;

const ISO_BOX_TYPES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);
const ASF_HEADER = Buffer.from([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]);
const EBML_HEADER = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** The content type of the container these bytes start (mp4, mov, webm, ogg, avi, wmv), or null for anything else. */
export function sniffVideoContainer(head: Buffer): string | null {
  if (head.length >= 12 && ISO_BOX_TYPES.has(head.toString('latin1', 4, 8))) {
    return head.toString('latin1', 4, 8) === 'ftyp' && head.toString('latin1', 8, 10) === 'qt' ? 'video/quicktime' : 'video/mp4';
  }
  if (head.subarray(0, 4).equals(EBML_HEADER)) return 'video/webm';
  if (head.toString('latin1', 0, 4) === 'OggS') return 'video/ogg';
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'AVI ') return 'video/x-msvideo';
  if (head.subarray(0, 8).equals(ASF_HEADER)) return 'video/x-ms-wmv';
  return null;
}

/** A file name reduced to safe characters for a storage key segment; the extension survives. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^A-Za-z0-9]+/, '')
    .replace(/[-.]+$/, '')
    .slice(-100)
    .replace(/^[^A-Za-z0-9]+/, '');
  return cleaned || 'video';
}

/** users/<userId>/products/<productId>/uploads/<uuid>/<safe-file-name>: the owner is in the key. */
export function uploadKey(userId: string, productId: string, fileName: string): string {
  return `users/${userId}/products/${productId}/uploads/${randomUUID()}/${safeFileName(fileName)}`;
}

/** The prefix every object of one user lives under. */
export function userPrefix(userId: string): string {
  return `users/${userId}/`;
}
