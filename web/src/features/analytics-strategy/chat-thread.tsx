/**
 * The right side (product-spec §2 Analytics strategy page): the session's header, its messages and the input.
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
import { useEffect, useRef, useState } from 'react';
import { useGetChatMessagesQuery, type ChatMessage, type ChatSession } from '../../api/chat.api';
import { MessageContent } from '../chat/message-content';
import { ThreadHeader } from './thread-header';
import { useSendMessage } from './use-send-message';
import type { RunningJob, StrategyJobs } from './use-strategy-jobs';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;
const NO_MESSAGES: ChatMessage[] = [];

export const PLACEHOLDER =
  'Ask about KPIs, metrics, dashboard design, or business intelligence strategies...';

export function NoChatSelected({ starting, onStart }: { starting: boolean; onStart: () => void }) {
  return (
    <section className="strategy-thread strategy-thread--empty" aria-labelledby="strategy-thread-empty">
      <RobotOutlined {...hidden} className="strategy-thread__empty-icon" />
      <h2 id="strategy-thread-empty" className="strategy-thread__empty-title">
        Select a chat to continue
      </h2>
      <p className="strategy-thread__empty-text">
        Ask which KPIs to watch, how to build a funnel or a dashboard: the answers use your tracking
        plan&apos;s events.
      </p>
      <Button type="primary" icon={<PlusOutlined {...hidden} />} loading={starting} onClick={onStart}>
        Start New Chat
      </Button>
    </section>
  );
}

function bubbleOf(message: ChatMessage, productId: string): BubbleItemType {
  if (message.role === 'user') {
    return {
      key: message.id,
      role: 'user',
      placement: 'end',
      content: (
        <p className="strategy-message__user">
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
    content: (
      <MessageContent
        content={message.content}
        strategy={message.metadata?.analytics_strategy}
        productId={productId}
      />
    ),
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
      <span className="strategy-thinking">
        <span className="strategy-thinking__dots" aria-hidden="true" />
        <span className="strategy-thinking__text">Thinking... {job.progress}%</span>
        {job.stage && <span className="strategy-thinking__stage">{job.stage}</span>}
      </span>
    ),
  };
}

export function ChatThread({
  productId,
  session,
  jobs,
}: {
  productId: string;
  session: ChatSession;
  jobs: StrategyJobs;
}) {
  const { data, isLoading } = useGetChatMessagesQuery(session.id);
  const messages = data ?? NO_MESSAGES;
  const running = jobs.runningIn(session.id);
  const [draft, setDraft] = useState('');
  const { send, sending } = useSendMessage({
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

  const items = messages.map((message) => bubbleOf(message, productId));
  if (running) items.push(thinkingBubble(running));

  return (
    <section className="strategy-thread" aria-labelledby="strategy-thread-title">
      <ThreadHeader productId={productId} session={session} messages={messages} />
      <div className="strategy-thread__messages" role="log" aria-label={`Messages of ${session.title}`}>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : items.length === 0 ? (
          <p className="strategy-thread__hint">
            Ask your first question, for example &lsquo;Which KPIs should I watch?&rsquo;
          </p>
        ) : (
          <Bubble.List items={items} className="strategy-thread__bubbles" />
        )}
      </div>
      <Sender
        ref={senderRef}
        className="strategy-thread__input"
        value={draft}
        onChange={(value) => setDraft(value)}
        onSubmit={(text) => {
          void send(text).then((sent) => {
            if (sent) setDraft('');
          });
        }}
        disabled={busy}
        placeholder={PLACEHOLDER}
        autoSize={{ minRows: 1, maxRows: 6 }}
        suffix={(_, { components: { SendButton } }) => (
          <SendButton aria-label="Send message" disabled={busy || draft.trim() === ''} />
        )}
      />
    </section>
  );
}
