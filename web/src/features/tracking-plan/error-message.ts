/** The server's message of a failed call, or the screen's own wording when there is none (product-spec §8). */
import { isApiError } from '../../api/base-query';

export function errorMessageOr(error: unknown, fallback: string): string {
  return isApiError(error) && error.message.trim() !== '' ? error.message : fallback;
}
