/**
 * A chat page's body (product-spec §2 Analytics strategy page): the sessions of the page's kind beside the selected
 * session's thread. The selected session is in the address (?chat=) so a reload comes back to it and to its
 * running job.
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCreateChatSessionMutation, useGetChatSessionsQuery } from '../../api/chat.api';
import { toast } from '../../components/toast';
import { errorMessageOr } from '../tracking-plan/error-message';
import type { ChatKind } from './chat-kind';
import { ChatThread, NoChatSelected, type AnswerRenderer, type ThreadActions } from './chat-thread';
import { SessionsPanel } from './sessions-panel';
import { useChatJobs } from './use-chat-jobs';
import './chat-workspace.css';

export function ChatWorkspace({
  kind,
  productId,
  renderAnswer,
  actions,
}: {
  kind: ChatKind;
  productId: string;
  renderAnswer: AnswerRenderer;
  actions?: ThreadActions;
}) {
  const [params, setParams] = useSearchParams();
  const jobs = useChatJobs(productId, kind);
  const { data: sessions, isLoading } = useGetChatSessionsQuery({ productId, chatType: kind.chatType });
  const [createSession, { isLoading: creating }] = useCreateChatSessionMutation();
  const selected = sessions?.find((session) => session.id === params.get('chat')) ?? null;

  function select(id: string | null): void {
    setParams(id ? { chat: id } : {}, { replace: true });
  }

  async function startChat(): Promise<void> {
    try {
      const session = await createSession({ productId, chatType: kind.chatType }).unwrap();
      select(session.id);
    } catch (error) {
      toast.error('Error creating chat', errorMessageOr(error, 'Failed to create chat. Please try again.'));
    }
  }

  return (
    <div className="chat-layout">
      <SessionsPanel
        chatType={kind.chatType}
        productId={productId}
        sessions={sessions}
        isLoading={isLoading}
        activeId={selected?.id ?? null}
        creating={creating}
        onSelect={select}
        onCreate={() => void startChat()}
        onDeleted={(id) => {
          if (id === selected?.id) select(null);
        }}
      />
      {selected ? (
        <ChatThread
          key={selected.id}
          kind={kind}
          productId={productId}
          session={selected}
          jobs={jobs}
          renderAnswer={renderAnswer}
          actions={actions}
        />
      ) : (
        <NoChatSelected intro={kind.intro} starting={creating} onStart={() => void startChat()} />
      )}
    </div>
  );
}
