/**
 * A strategy's metrics (product-spec §2): the columns Metric Name, Definition and Decision Insight. A metric's
 * stage and formula sit in its cells; a metric the tracking plan cannot measure yet is tagged 'Needs event' with
 * the events it lacks. Shared by the chat and the saved items preview.
 */
import Tag from 'antd/es/tag';
import type { StrategyRow } from './strategy-content';
import './chat.css';

export function StrategyTable({ rows, caption }: { rows: StrategyRow[]; caption: string }) {
  return (
    <div className="chat-table__scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="chat-table strategy-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Metric Name</th>
            <th scope="col">Definition</th>
            <th scope="col">Decision Insight</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              key={`${row.metric_name}-${index}`}
              className={row.measurable ? undefined : 'strategy-table__gap'}
            >
              <th scope="row" className="strategy-table__metric">
                <span className="strategy-table__name">{row.metric_name}</span>
                {row.stage && <Tag className="strategy-table__stage">{row.stage}</Tag>}
                {!row.measurable && (
                  <span className="strategy-table__needs">
                    <Tag className="strategy-table__needs-tag">Needs event</Tag>
                    {row.missing_events.length > 0 && (
                      <span className="strategy-table__missing">{row.missing_events.join(', ')}</span>
                    )}
                  </span>
                )}
              </th>
              <td>
                {row.definition}
                {row.formula && <code className="strategy-table__formula">{row.formula}</code>}
              </td>
              <td>{row.decision_insight}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
