/** What a user-flow builder is given and answers: the port between the user-flow job and src/flow. */
import type { UserFlow } from '@tracklens/contracts';
import type { StrategyContext, StrategyQuestion } from './strategist';

export interface FlowBuilder {
  readonly kind: 'offline' | 'model';
  /** The flow the question asks for, grounded in the product's page specs and plan (the same context a strategy gets). */
  build(
    context: StrategyContext,
    question: StrategyQuestion,
    options: { signal: AbortSignal },
  ): Promise<UserFlow>;
}
