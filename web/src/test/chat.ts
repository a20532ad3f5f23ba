/** Chat sessions, messages, jobs, strategies and user flows as the chat service answers them, for web tests. */
import type { AnalyticsStrategy, ChatJob, ChatMessage, ChatSession, UserFlow } from '../api/chat.api';

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

/** Sign in, the catalog and the cart, with a decision and a proposed step. */
export function aFlow(overrides: Partial<UserFlow> = {}): UserFlow {
  return {
    title: 'Main user flow',
    description: 'From signing in to the cart.',
    nodes: [
      { id: 'start', type: 'start', label: 'Start' },
      {
        id: 'sign_in',
        type: 'screen',
        label: 'Sign In',
        pageSpecId: 'spec-1',
        screenshot_path: '/api/images/shots/sign-in.png',
        atSec: 2,
      },
      {
        id: 'catalog',
        type: 'screen',
        label: 'Product Catalog',
        pageSpecId: 'spec-2',
        screenshot_path: '/api/images/shots/catalog.png',
        atSec: 65,
      },
      { id: 'in_stock', type: 'decision', label: 'In stock?' },
      { id: 'cart', type: 'screen', label: 'Shopping Cart', pageSpecId: 'spec-3', atSec: 7 },
      { id: 'wishlist', type: 'screen', label: 'Wishlist', proposed: true },
      { id: 'end', type: 'end', label: 'End' },
    ],
    edges: [
      { from: 'start', to: 'sign_in' },
      { from: 'sign_in', to: 'catalog', label: 'Tap Sign In', event: 'Sign In Clicked' },
      { from: 'catalog', to: 'in_stock', label: 'Tap Add to Cart' },
      { from: 'in_stock', to: 'cart', label: 'Yes', event: 'Product Added' },
      { from: 'in_stock', to: 'wishlist', label: 'No', proposed: true },
      { from: 'cart', to: 'end' },
    ],
    happyPath: ['start', 'sign_in', 'catalog', 'in_stock', 'cart', 'end'],
    funnels: [
      {
        name: 'Purchase',
        steps: [
          { event: 'Product List Viewed', nodeId: 'catalog' },
          { event: 'Cart Viewed', nodeId: 'cart' },
        ],
      },
    ],
    source: 'offline',
    ...overrides,
  };
}

export function aFlowAnswer(flow = aFlow(), overrides: Partial<ChatMessage> = {}): ChatMessage {
  return aMessage({
    id: 'message-2',
    role: 'assistant',
    content: `Here is the ${flow.title.toLowerCase()}.`,
    metadata: { user_flow: flow, jobId: 'job-1' },
    createdAt: '2026-01-05T10:02:00.000Z',
    ...overrides,
  });
}

type FlowJob = Extract<ChatJob, { type: 'user_flow' }>;

export function aFlowJob(overrides: Partial<Omit<FlowJob, 'type'>> = {}): FlowJob {
  return {
    id: 'job-1',
    type: 'user_flow',
    sessionId: 'session-1',
    status: 'running',
    progress: 40,
    stage: 'Reading your screens',
    result: null,
    error: null,
    createdAt: '2026-01-05T10:01:00.000Z',
    ...overrides,
  };
}
