/**
 * One chat message's body (product-spec §2 Chat message renderer): markdown with GFM tables, raw HTML never
 * rendered; each pipe table offers Copy, CSV download and Save; a strategy result adds its metrics table with
 * Save Strategy. Save needs the product, so it is offered only with a productId. Any chat type can use it.
 */
import { useMemo, useState, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { AnalyticsStrategy } from '../../api/chat.api';
import { SaveContentDialog } from './save-content-dialog';
import { strategyCsv, strategyRowsOf } from './strategy-content';
import { StrategyTable } from './strategy-table';
import { TableActions } from './table-actions';
import { tableCsv, tableDataOf, tableSavedContent, type SavedContent, type TreeNode } from './table-data';
import './chat.css';

const REMARK_PLUGINS = [remarkGfm];

function MarkdownTable({
  node,
  onSave,
  children,
}: {
  node: TreeNode | undefined;
  onSave?: (item: SavedContent) => void;
  children: ReactNode;
}) {
  const table = node ? tableDataOf(node) : { headers: [], rows: [] };
  return (
    <div className="chat-table">
      <div className="chat-table__scroll">{children}</div>
      <TableActions
        csv={() => tableCsv(table)}
        onSave={onSave && (() => onSave(tableSavedContent(table, 'analytics_strategy')))}
      />
    </div>
  );
}

export function MessageContent({
  content,
  strategy,
  productId,
}: {
  content: string;
  strategy?: AnalyticsStrategy | null;
  productId?: string;
}) {
  const [saving, setSaving] = useState<SavedContent | null>(null);
  const components = useMemo<Components>(
    () => ({
      table: ({ node, children }) => (
        <MarkdownTable node={node} onSave={productId ? setSaving : undefined}>
          <table>{children}</table>
        </MarkdownTable>
      ),
      // Links in answers leave the app; the default URL check has already dropped unsafe schemes.
      a: ({ href, children }) => (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      ),
    }),
    [productId],
  );
  const rows = strategy ? strategyRowsOf(strategy.table) : [];

  return (
    <div className="message-content">
      {content.trim() !== '' && (
        <div className="message-content__markdown">
          <Markdown remarkPlugins={REMARK_PLUGINS} skipHtml components={components}>
            {content}
          </Markdown>
        </div>
      )}
      {strategy && rows.length > 0 && (
        <div className="chat-table">
          <StrategyTable rows={rows} caption={`Recommended metrics (${rows.length})`} />
          <TableActions
            csv={() => strategyCsv(rows)}
            saveLabel="Save Strategy"
            onSave={
              productId
                ? () => setSaving({ type: 'analytics_strategy', content: JSON.stringify(strategy) })
                : undefined
            }
          />
        </div>
      )}
      {productId && <SaveContentDialog productId={productId} item={saving} onClose={() => setSaving(null)} />}
    </div>
  );
}
