/**
 * What sets one chat page apart from another (product-spec §2 Analytics strategy page, and the user flows page
 * built the same way): the kind of answer its sessions ask for and the words around it.
 */
import type { ChatJobType } from '../../api/chat.api';

export interface ChatKind {
  chatType: ChatJobType;
  /** The input's placeholder. */
  placeholder: string;
  /** Under 'Select a chat to continue'. */
  intro: string;
  /** The hint of a session without messages. */
  firstQuestion: string;
  /** The toasts of a job that ended. */
  generated: string;
  failedTitle: string;
  failedText: string;
}
