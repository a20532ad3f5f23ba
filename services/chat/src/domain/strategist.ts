/** What a strategist is given and answers: the port between the strategy job and src/strategy. */
import type {
  AnalyticsStrategy,
  ProductAnalysis,
  ProductType,
  TrackingPlanContent,
} from '@tracklens/contracts';

/** What the answer is grounded in: the product, its finalised analysis and its latest completed tracking plan. */
export interface StrategyContext {
  product: { name: string; type: ProductType; description: string };
  /** null when the product has no finalised analysis yet. */
  analysis: ProductAnalysis | null;
  /** null when the product has no completed tracking plan yet. */
  plan: { title: string; content: TrackingPlanContent } | null;
}

export interface StrategyQuestion {
  /** The user's message, trimmed. */
  message: string;
  /** The earlier thread as 'role: content' lines, oldest first; '' for the first question. */
  history: string;
}

export interface Strategist {
  readonly kind: 'offline' | 'model';
  answer(
    context: StrategyContext,
    question: StrategyQuestion,
    options: { signal: AbortSignal },
  ): Promise<AnalyticsStrategy>;
}
