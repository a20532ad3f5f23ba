/**
 * The left column of a chat page (product-spec §2 Analytics strategy page): the chat sessions with their title and created
 * date, a delete control shown on hover (and on keyboard focus) with a confirmation, New Chat, and the empty state
 * 'No conversations yet' with Start First Chat.
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Conversations from '@ant-design/x/es/conversations';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { useDeleteChatSessionMutation, type ChatJobType, type ChatSession } from '../../api/chat.api';
import { toast } from '../../components/toast';
import { errorMessageOr } from '../tracking-plan/error-message';
import { fullDate } from '../tracking-plan/relative-time';
import { useLastShown } from '../tracking-plan/use-last-shown';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

export function SessionsPanel({
  chatType,
  productId,
  sessions,
  isLoading,
  activeId,
  creating,
  onSelect,
  onCreate,
  onDeleted,
}: {
  chatType: ChatJobType;
  productId: string;
  sessions: ChatSession[] | undefined;
  isLoading: boolean;
  activeId: string | null;
  creating: boolean;
  onSelect: (id: string) => void;
  onCreate: () => void;
  onDeleted: (id: string) => void;
}) {
  const [deleting, setDeleting] = useState<ChatSession | null>(null);
  const count = sessions?.length ?? 0;

  return (
    <aside className="chat-sessions" aria-labelledby="chat-sessions-title">
      <div className="chat-sessions__head">
        <h2 id="chat-sessions-title" className="chat-sessions__title">
          Conversations
        </h2>
        {/* Conversations' own creation button would sit in its <ul> as a non-item: this one is the panel's. */}
        {count > 0 && (
          <Button icon={<PlusOutlined {...hidden} />} loading={creating} onClick={onCreate}>
            New Chat
          </Button>
        )}
      </div>
      {isLoading ? (
        <div role="status" aria-label="Loading conversations" className="chat-sessions__loading">
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        </div>
      ) : count === 0 ? (
        <div className="chat-sessions__empty">
          <MessageOutlined {...hidden} className="chat-sessions__empty-icon" />
          <p className="chat-sessions__empty-title">No conversations yet</p>
          <Button type="primary" icon={<PlusOutlined {...hidden} />} loading={creating} onClick={onCreate}>
            Start First Chat
          </Button>
        </div>
      ) : (
        <Conversations
          className="chat-sessions__list"
          aria-label="Chat sessions"
          activeKey={activeId ?? undefined}
          onActiveChange={(key) => onSelect(String(key))}
          items={(sessions ?? []).map((session) => ({
            key: session.id,
            label: (
              <SessionLabel
                session={session}
                active={session.id === activeId}
                onDelete={() => setDeleting(session)}
              />
            ),
          }))}
        />
      )}
      <DeleteSessionDialog
        chatType={chatType}
        productId={productId}
        session={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={onDeleted}
      />
    </aside>
  );
}

/** A real button selects the session (the list item's click handles it), so the keyboard reaches every chat. */
function SessionLabel({
  session,
  active,
  onDelete,
}: {
  session: ChatSession;
  active: boolean;
  onDelete: () => void;
}) {
  return (
    <span className="chat-session">
      <button type="button" className="chat-session__open" aria-current={active ? 'true' : undefined}>
        <span className="chat-session__title">{session.title}</span>
        <span className="chat-session__date">{fullDate(session.createdAt)}</span>
      </button>
      <Button
        size="small"
        type="text"
        danger
        className="chat-session__delete"
        aria-label={`Delete ${session.title}`}
        icon={<DeleteOutlined {...hidden} />}
        onClick={(event) => {
          event.stopPropagation();
          onDelete();
        }}
      />
    </span>
  );
}

function DeleteSessionDialog({
  chatType,
  productId,
  session,
  onClose,
  onDeleted,
}: {
  chatType: ChatJobType;
  productId: string;
  session: ChatSession | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const [deleteSession, { isLoading }] = useDeleteChatSessionMutation();
  const shown = useLastShown(session);

  async function confirm(): Promise<void> {
    if (!session) return;
    try {
      await deleteSession({ id: session.id, productId, chatType }).unwrap();
      onDeleted(session.id);
      onClose();
    } catch (error) {
      toast.error('Error deleting chat', errorMessageOr(error, 'Failed to delete chat. Please try again.'));
    }
  }

  return (
    <Modal
      open={session !== null}
      title="Delete chat"
      okText="Delete"
      okButtonProps={{ danger: true, loading: isLoading }}
      onOk={() => void confirm()}
      onCancel={onClose}
    >
      <p>Are you sure you want to delete &quot;{shown?.title}&quot;? This action cannot be undone.</p>
    </Modal>
  );
}
