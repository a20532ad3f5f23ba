/** Chat sessions, messages, jobs and strategies as the chat service answers them, for web tests. */
import type { AnalyticsStrategy, ChatJob, ChatMessage, ChatSession } from '../api/chat.api';

/** Two metrics: one the plan measures, one that needs an event the plan lacks. */
export function aStrategy(overrides: Partial<AnalyticsStrategy> = {}): AnalyticsStrategy {
  return {
    text: '## KPIs to watch for Acme Shop\n\nStart with **activation**.',
    table: [
      {
        metric_name: 'Activation Rate',
        definition: 'Share of sign-ups that finish setup',
        decision_insight: 'Fix onboarding when it drops',
        stage: 'Activation',
        formula: 'unique(Setup Completed) / unique(Sign Up Submitted)',
        events: ['Setup Completed', 'Sign Up Submitted'],
        missing_events: [],
        measurable: true,
        type: 'ratio',
        window: '7 days',
        screen: 'Setup',
        owner: 'Product',
      },
      {
        metric_name: 'Repeat Purchase Rate',
        definition: 'Share of buyers who order again',
        decision_insight: 'Invest in retention campaigns',
        stage: 'Retention',
        formula: 'unique(Order Completed, 2+) / unique(Order Completed)',
        events: ['Order Completed'],
        missing_events: ['order_refunded'],
        measurable: false,
        type: 'rate',
        window: '30 days',
        screen: null,
        owner: 'Growth',
      },
    ],
    intent: 'kpis',
    source: 'offline',
    ...overrides,
  };
}

export function aSession(overrides: Partial<ChatSession> = {}): ChatSession {
  return {
    id: 'session-1',
    productId: 'prod-1',
    chatType: 'analytics_strategy',
    title: 'Acme Shop Chat 1',
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function aMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 'message-1',
    sessionId: 'session-1',
    role: 'user',
    content: 'Which KPIs should I watch?',
    metadata: null,
    createdAt: '2026-01-05T10:01:00.000Z',
    ...overrides,
  };
}

export function anAnswer(strategy = aStrategy(), overrides: Partial<ChatMessage> = {}): ChatMessage {
  return aMessage({
    id: 'message-2',
    role: 'assistant',
    content: strategy.text,
    metadata: { analytics_strategy: strategy, jobId: 'job-1' },
    createdAt: '2026-01-05T10:02:00.000Z',
    ...overrides,
  });
}

type StrategyJob = Extract<ChatJob, { type: 'analytics_strategy' }>;

export function aJob(overrides: Partial<Omit<StrategyJob, 'type'>> = {}): StrategyJob {
  return {
    id: 'job-1',
    type: 'analytics_strategy',
    sessionId: 'session-1',
    status: 'running',
    progress: 40,
    stage: 'Reading your tracking plan',
    result: null,
    error: null,
    createdAt: '2026-01-05T10:01:00.000Z',
    ...overrides,
  };
}
