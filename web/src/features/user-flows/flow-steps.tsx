/** The diagram's text alternative: the flow's steps in order, screen → event → screen, in a 'Steps' section. */
import type { UserFlow } from '../../api/chat.api';
import { flowSteps } from './user-flow-content';

export function FlowSteps({ flow }: { flow: UserFlow }) {
  const steps = flowSteps(flow);
  if (steps.length === 0) return null;
  return (
    <details className="flow-steps">
      <summary className="flow-steps__summary">Steps ({steps.length})</summary>
      <ol className="flow-steps__list" aria-label={`Steps of ${flow.title}`}>
        {steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
    </details>
  );
}
