/**
 * Sending a message (product-spec §4, §5, §7, §8): trimmed and non-empty; a free user at 10 messages this month
 * meets the upgrade dialog without a request (a user flow counts as an analytics message too); otherwise one call
 * stores the message and starts the job of the chat's kind. A restriction answer opens the upgrade dialog
 * (billing's listener), any other failure says 'Error sending message'.
 */
import { useState } from 'react';
import { FREE_LIMITS } from '@tracklens/contracts/limits';
import { isApiError } from '../../api/base-query';
import { useGetSubscriptionQuery } from '../../api/billing.api';
import {
  chatApi,
  useGenerateChatAnswerMutation,
  type ChatJobType,
  type ChatMessage,
} from '../../api/chat.api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toast } from '../../components/toast';
import { upgradeRequested } from '../billing/upgrade.slice';
import { errorMessageOr } from '../tracking-plan/error-message';
import { conversationHistory } from './conversation-history';

/** product-spec §5: free users are stopped at 10 analytics messages a month before asking the server. */
function useFreeMessageBlock(): boolean {
  const user = useAppSelector((state) => state.session.user);
  const { data: subscription } = useGetSubscriptionQuery(undefined, { skip: !user });
  const status = subscription?.subscriptionStatus ?? user?.subscriptionStatus;
  return (
    status !== 'active' && (subscription?.analyticsMessages ?? 0) >= FREE_LIMITS.analyticsMessagesPerMonth
  );
}

export function useSendMessage({
  chatType,
  productId,
  sessionId,
  messages,
  onStarted,
}: {
  chatType: ChatJobType;
  productId: string;
  sessionId: string;
  messages: readonly ChatMessage[];
  onStarted: (jobId: string) => void;
}) {
  const dispatch = useAppDispatch();
  const blocked = useFreeMessageBlock();
  const [generate] = useGenerateChatAnswerMutation();
  const [sending, setSending] = useState(false);

  /** Whether the message went out (the input is then cleared). */
  async function send(text: string): Promise<boolean> {
    const userMessage = text.trim();
    if (!userMessage || sending) return false;
    if (blocked) {
      dispatch(upgradeRequested({ code: 'ANALYTICS_MESSAGE_RESTRICTED' }));
      return false;
    }
    setSending(true);
    try {
      const { jobId, messageId } = await generate({
        chatType,
        productId,
        sessionId,
        userMessage,
        conversationHistory: conversationHistory(messages),
      }).unwrap();
      onStarted(jobId);
      // The server stored the message with the job: the thread shows it now, the answer comes with the job.
      const sent: ChatMessage = {
        id: messageId,
        sessionId,
        role: 'user',
        content: userMessage,
        metadata: { jobId },
        createdAt: new Date().toISOString(),
      };
      dispatch(
        chatApi.util.updateQueryData('getChatMessages', sessionId, (thread) => {
          if (!thread.some((message) => message.id === messageId)) thread.push(sent);
        }),
      );
      return true;
    } catch (error) {
      if (isApiError(error) && error.upgradeRequired) return false;
      toast.error(
        'Error sending message',
        errorMessageOr(error, 'Failed to send message. Please try again.'),
      );
      return false;
    } finally {
      setSending(false);
    }
  }

  return { send, sending };
}
