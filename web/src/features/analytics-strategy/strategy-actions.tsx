/**
 * The strategy thread header's actions (product-spec §2): once the session has a strategy, Copy and Download of
 * the latest one (as markdown: its text and metrics, named after the session) and Save, which opens 'Save Content'.
 */
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import Button from 'antd/es/button';
import { useState } from 'react';
import type { AnalyticsStrategy, ChatMessage, ChatSession } from '../../api/chat.api';
import { copyMarkdown, downloadMarkdown } from '../chat/chat-exports';
import { SaveContentDialog } from '../chat/save-content-dialog';
import { strategyMarkdown, strategyRowsOf } from '../chat/strategy-content';
import type { SavedContent } from '../chat/table-data';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

/** The newest strategy an assistant answered with in the thread. */
export function latestStrategy(messages: readonly ChatMessage[]): AnalyticsStrategy | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const strategy = messages[index]?.metadata?.analytics_strategy;
    if (messages[index]?.role === 'assistant' && strategy) return strategy;
  }
  return null;
}

export function StrategyActions({
  productId,
  session,
  messages,
}: {
  productId: string;
  session: ChatSession;
  messages: readonly ChatMessage[];
}) {
  const [saving, setSaving] = useState<SavedContent | null>(null);
  const strategy = latestStrategy(messages);
  const markdown = () => (strategy ? strategyMarkdown(strategy.text, strategyRowsOf(strategy.table)) : '');

  return (
    <>
      {strategy && (
        <div className="chat-thread__actions">
          <Button icon={<CopyOutlined {...hidden} />} onClick={() => void copyMarkdown(markdown())}>
            Copy
          </Button>
          <Button
            icon={<DownloadOutlined {...hidden} />}
            onClick={() => downloadMarkdown(session.title, markdown())}
          >
            Download
          </Button>
          <Button
            type="primary"
            icon={<SaveOutlined {...hidden} />}
            onClick={() => setSaving({ type: 'analytics_strategy', content: JSON.stringify(strategy) })}
          >
            Save
          </Button>
        </div>
      )}
      <SaveContentDialog productId={productId} item={saving} onClose={() => setSaving(null)} />
    </>
  );
}
