/**
 * The right side of a chat page (product-spec §2 Analytics strategy page): the session's header with the page's
 * actions, its messages (the answers drawn by the page) and the input.
 * Enter sends and Shift+Enter starts a new line (Sender's own keys); the input is disabled while a job runs,
 * which shows as 'Thinking... N%'. Without a session: 'Select a chat to continue' with Start New Chat.
 */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import RobotOutlined from '@ant-design/icons/RobotOutlined';
import Bubble from '@ant-design/x/es/bubble';
import type { BubbleItemType } from '@ant-design/x/es/bubble';
import Sender, { type SenderRef } from '@ant-design/x/es/sender';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useGetChatMessagesQuery, type ChatMessage, type ChatSession } from '../../api/chat.api';
import type { ChatKind } from './chat-kind';
import type { ChatJobs, RunningJob } from './use-chat-jobs';
import { useSendMessage } from './use-send-message';
import './chat-workspace.css';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;
const NO_MESSAGES: ChatMessage[] = [];

/** An assistant message as the page shows it. */
export type AnswerRenderer = (message: ChatMessage) => ReactNode;

/** The header's actions on the thread so far. */
export type ThreadActions = (messages: readonly ChatMessage[], session: ChatSession) => ReactNode;

export function NoChatSelected({
  intro,
  starting,
  onStart,
}: {
  intro: string;
  starting: boolean;
  onStart: () => void;
}) {
  return (
    <section className="chat-thread chat-thread--empty" aria-labelledby="chat-thread-empty">
      <RobotOutlined {...hidden} className="chat-thread__empty-icon" />
      <h2 id="chat-thread-empty" className="chat-thread__empty-title">
        Select a chat to continue
      </h2>
      <p className="chat-thread__empty-text">{intro}</p>
      <Button type="primary" icon={<PlusOutlined {...hidden} />} loading={starting} onClick={onStart}>
        Start New Chat
      </Button>
    </section>
  );
}

function bubbleOf(message: ChatMessage, renderAnswer: AnswerRenderer): BubbleItemType {
  if (message.role === 'user') {
    return {
      key: message.id,
      role: 'user',
      placement: 'end',
      content: (
        <p className="chat-message__user">
          <span className="visually-hidden">You: </span>
          {message.content}
        </p>
      ),
    };
  }
  return {
    key: message.id,
    role: 'ai',
    placement: 'start',
    variant: 'outlined',
    content: renderAnswer(message),
  };
}

function thinkingBubble(job: RunningJob): BubbleItemType {
  return {
    key: 'thinking',
    role: 'ai',
    placement: 'start',
    content: '',
    loading: true,
    loadingRender: () => (
      <span className="chat-thinking">
        <span className="chat-thinking__dots" aria-hidden="true" />
        <span className="chat-thinking__text">Thinking... {job.progress}%</span>
        {job.stage && <span className="chat-thinking__stage">{job.stage}</span>}
      </span>
    ),
  };
}

export function ChatThread({
  kind,
  productId,
  session,
  jobs,
  renderAnswer,
  actions,
}: {
  kind: ChatKind;
  productId: string;
  session: ChatSession;
  jobs: ChatJobs;
  renderAnswer: AnswerRenderer;
  actions?: ThreadActions;
}) {
  const { data, isLoading } = useGetChatMessagesQuery(session.id);
  const messages = data ?? NO_MESSAGES;
  const running = jobs.runningIn(session.id);
  const [draft, setDraft] = useState('');
  const { send, sending } = useSendMessage({
    chatType: kind.chatType,
    productId,
    sessionId: session.id,
    messages,
    onStarted: (jobId) => jobs.watch(jobId, session.id),
  });
  const busy = sending || running !== null;
  const senderRef = useRef<SenderRef>(null);
  const wasBusy = useRef(busy);

  // The disabled input lost the keyboard's focus while the job ran; it gets it back for the next question.
  useEffect(() => {
    if (wasBusy.current && !busy) senderRef.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  const items = messages.map((message) => bubbleOf(message, renderAnswer));
  if (running) items.push(thinkingBubble(running));

  return (
    <section className="chat-thread" aria-labelledby="chat-thread-title">
      <header className="chat-thread__head">
        <h2 id="chat-thread-title" className="chat-thread__title">
          {session.title}
        </h2>
        {actions?.(messages, session)}
      </header>
      <div className="chat-thread__messages" role="log" aria-label={`Messages of ${session.title}`}>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : items.length === 0 ? (
          <p className="chat-thread__hint">{kind.firstQuestion}</p>
        ) : (
          <Bubble.List items={items} className="chat-thread__bubbles" />
        )}
      </div>
      <Sender
        ref={senderRef}
        className="chat-thread__input"
        value={draft}
        onChange={(value) => setDraft(value)}
        onSubmit={(text) => {
          void send(text).then((sent) => {
            if (sent) setDraft('');
          });
        }}
        disabled={busy}
        placeholder={kind.placeholder}
        autoSize={{ minRows: 1, maxRows: 6 }}
        suffix={(_, { components: { SendButton } }) => (
          <SendButton aria-label="Send message" disabled={busy || draft.trim() === ''} />
        )}
      />
    </section>
  );
}
