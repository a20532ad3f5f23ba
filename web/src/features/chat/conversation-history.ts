/**
 * The conversationHistory a strategy request carries (product-spec §7): the thread so far as lines
 * 'role: content', bounded to the last messages and a character budget so a long chat stays a valid request.
 */
import { CHAT_HISTORY_MAX_CHARS } from '@tracklens/contracts/limits';
import type { ChatMessage } from '../../api/chat.api';

export const HISTORY_MESSAGES_MAX = 20;

export function conversationHistory(
  messages: readonly Pick<ChatMessage, 'role' | 'content'>[],
  maxChars = CHAT_HISTORY_MAX_CHARS,
): string {
  const lines = messages.slice(-HISTORY_MESSAGES_MAX).map((message) => `${message.role}: ${message.content}`);
  // The oldest lines go first; a newest line that alone is too long keeps its beginning.
  while (lines.length > 1 && lines.join('\n').length > maxChars) lines.shift();
  return lines.join('\n').slice(0, maxChars);
}
