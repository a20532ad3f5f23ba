/**
 * Analytics strategies from an OpenAI-compatible model through kit's structured model call (strict JSON schema,
 * retries, usage logged). The model reads the product, its screens (each with the plan's view of it) and journeys,
 * the plan's events and funnels, the question and the recent thread; its answer is held to the plan by the same
 * grounding as the offline one.
 */
import { z } from 'zod';
import {
  labelWords,
  metricStageSchema,
  metricTypeSchema,
  strategyMetricSchema,
  type AnalyticsStrategy,
  type StrategyMetric,
} from '@tracklens/contracts';
import type { ModelClient, ModelTask } from '@tracklens/kit';
import type { Strategist, StrategyContext, StrategyQuestion } from '../domain/strategist';
import { groundStrategy } from './grounding';
import { productModel, quoted } from './product-model';

/** The newest part of the thread the model reads; older messages are left out first. */
export const MAX_PROMPT_HISTORY_CHARS = 8_000;
const MAX_ELEMENTS_PER_SCREEN = 15;
const MAX_PROPERTIES_PER_EVENT = 15;

const INTENTS = [
  'kpis',
  'north_star',
  'aarrr',
  'acquisition',
  'activation',
  'retention',
  'revenue',
  'referral',
  'funnel',
  'dashboard',
  'heart',
  'explain',
] as const;

const metricJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'metric_name',
    'definition',
    'decision_insight',
    'stage',
    'formula',
    'events',
    'missing_events',
    'measurable',
    'type',
    'window',
    'screen',
    'owner',
  ],
  properties: {
    metric_name: {
      type: 'string',
      description: "The stage, ' · ', then the metric, e.g. 'Activation · Sign-up completion rate'",
    },
    definition: {
      type: 'string',
      description:
        "The computable formula in words over the plan's exact event names, with window and filters, ending with the screen it is measured on, e.g. 'Order Completed ÷ Checkout Started, unique users, per week — measured on the Checkout screen'",
    },
    decision_insight: {
      type: 'string',
      description:
        "The action it informs and an honest threshold relative to the product's own baseline (e.g. 'set a baseline over the first 2-4 weeks, then investigate a drop of more than 20% week over week'); never an industry benchmark",
    },
    stage: { type: 'string', enum: metricStageSchema.options },
    formula: {
      type: 'string',
      description:
        "The formula with event names in single quotes, e.g. \"unique users with 'Order Completed' ÷ unique users with 'Checkout Started'\"",
    },
    events: {
      type: 'array',
      items: { type: 'string' },
      description: 'Event names of the plan the formula uses, spelled exactly as in the plan',
    },
    missing_events: {
      type: 'array',
      items: { type: 'string' },
      description: "Events the metric needs that the plan does not have, named 'Object Action' in Title Case",
    },
    measurable: {
      type: 'boolean',
      description: 'true only when every event the metric needs is in the plan',
    },
    type: { type: 'string', enum: metricTypeSchema.options },
    window: { type: 'string', description: "e.g. 'weekly', 'daily', 'weekly, within 7 days of sign-up'" },
    screen: {
      type: ['string', 'null'],
      description:
        'The screen it is measured on, exactly as named in the input; null for a product-wide metric',
    },
    owner: {
      type: 'string',
      description:
        'The team that owns it, e.g. Growth, Product, Marketing, Commerce, Engineering, Leadership',
    },
  },
} as const;

/** The JSON schema the model must answer with (strict: every field required, nothing else allowed). */
export const ANALYTICS_STRATEGY_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['text', 'intent', 'table'],
  properties: {
    text: {
      type: 'string',
      description:
        'Markdown: a short heading, 2-4 sentences grounded in this product and its screens, the structure of the answer, and next steps. Never the metrics table itself.',
    },
    intent: { type: 'string', enum: INTENTS, description: 'What the question asks for' },
    table: { type: 'array', items: metricJsonSchema },
  },
} as const;

const modelAnswerSchema = z.object({
  text: z.string(),
  intent: z.string(),
  table: z.array(strategyMetricSchema),
});
type ModelAnswer = z.infer<typeof modelAnswerSchema>;

const INSTRUCTIONS = [
  "You are a product analytics strategist. Answer the product owner's question about their product with markdown text and a table of metrics grounded in their own tracking plan.",
  'Use only event names of the given tracking plan, spelled exactly as there. When a metric needs an event the plan lacks, name it in missing_events (Title Case "Object Action", e.g. "Application Opened"), set measurable to false and say in the definition "Needs \'<event>\' — add it to the plan". Never present such a metric as measurable.',
  "Each screen's view is the event the plan sends when it is shown. A view every screen sends ('Page Viewed', 'Screen Viewed') counts one screen only with its filter: write it as the screen's view shows, e.g. 'Page Viewed' (page_name = 'Pricing'), and list only the event name in events. A funnel's description says which screen such a step is.",
  'Put the stage in every metric_name ("Revenue · Checkout completion rate"). Stages: North Star and its Input metrics; the AARRR stages Acquisition, Activation, Retention, Revenue, Referral; the HEART dimensions Happiness, Engagement, Adoption, Retention, Task Success.',
  'Tailor the metrics to the product type: a mobile app is measured by app opens, DAU/MAU stickiness and day-1/7/30 retention; a website by visits and their conversion. Use its screens, journeys and funnels.',
  'For a funnel or a screen named in the question, give the overall conversion and one row per step (its conversion; drop-off is 1 minus it). For a dashboard, group the metrics in sections and lay the sections out in the text. For HEART, cover the dimensions asked about.',
  'A follow-up refers to the conversation history: keep its subject and change what the user asks to change.',
  "Decision insights give the action and a threshold relative to the product's own baseline; never cite industry benchmarks or invent numbers about the product.",
  'Keep the text short; do not repeat the table in it. Set screen to a screen name from the input, or null.',
].join('\n');

const ANALYTICS_STRATEGY_TASK: ModelTask<ModelAnswer> = {
  name: 'analytics_strategy',
  instructions: INSTRUCTIONS,
  schema: modelAnswerSchema,
  jsonSchema: ANALYTICS_STRATEGY_JSON_SCHEMA,
  temperature: 0.2,
  timeoutMs: 3 * 60_000,
};

export function modelStrategist(client: ModelClient): Strategist {
  return {
    kind: 'model',
    async answer(context, question, { signal }) {
      const answer = await client.structured(
        ANALYTICS_STRATEGY_TASK,
        JSON.stringify(promptInput(context, question)),
        {
          signal,
          logFields: { task: 'analytics_strategy' },
        },
      );
      const strategy: AnalyticsStrategy = {
        text: answer.text.trim(),
        intent: answer.intent,
        source: 'model',
        table: answer.table.map((row) => withScreenOf(withStage(row), context)),
      };
      return groundStrategy(strategy, context.plan?.content ?? null);
    },
  };
}

/** What the model reads: the product, its screens and plan, without ids, storage keys or examples. */
export function promptInput(context: StrategyContext, question: StrategyQuestion) {
  const { analysis, plan } = context;
  const model = plan ? productModel(context) : null;
  /** How the plan sees the screen, as a formula writes it: 'Product Viewed', or 'Page Viewed' (page_name = 'Home'). */
  const viewOf = (name: string) => {
    const screen = model?.screenNamed(name);
    const view = screen && model ? model.viewOf(screen) : null;
    return view?.inPlan ? quoted(view) : null;
  };
  return {
    product: context.product,
    screens: analysis
      ? [...analysis.pageSpecs]
          .sort((a, b) => a.order - b.order)
          .map((spec) => ({
            name: spec.screenName,
            kind: spec.screenKind,
            description: spec.description,
            view: viewOf(spec.screenName),
            key_elements: spec.elements
              .filter((element) => element.kind !== 'text')
              .slice(0, MAX_ELEMENTS_PER_SCREEN)
              .map((element) => `${element.kind}: ${element.label}`),
          }))
      : [],
    journeys: analysis?.journeys.map((journey) => ({ name: journey.name, steps: journey.steps })) ?? [],
    tracking_plan: plan
      ? {
          title: plan.title,
          events: plan.content.events.map((event) => ({
            name: event.name,
            category: event.category,
            trigger: event.trigger,
            properties: event.properties
              .slice(0, MAX_PROPERTIES_PER_EVENT)
              .map((p) => `${p.name} (${p.type})`),
          })),
          funnels: plan.content.funnels.map(({ name, description, steps }) => ({ name, description, steps })),
        }
      : null,
    conversation_history: recentHistory(question.history),
    question: question.message,
  };
}

/** The newest whole lines of the thread that fit, marked when older ones were left out. */
export function recentHistory(history: string, max = MAX_PROMPT_HISTORY_CHARS): string {
  if (history.length <= max) return history;
  const tail = history.slice(history.length - max);
  const firstTurn = tail.search(/(^|\n)(user|assistant):/);
  const kept = firstTurn >= 0 ? tail.slice(firstTurn).replace(/^\n/, '') : tail.slice(tail.indexOf('\n') + 1);
  return `[earlier messages left out]\n${kept}`;
}

function withStage(row: StrategyMetric): StrategyMetric {
  const name = row.metric_name.trim();
  if (name.toLowerCase().startsWith(`${row.stage.toLowerCase()} ·`)) return { ...row, metric_name: name };
  return { ...row, metric_name: `${row.stage} · ${name.replace(/^[^·]{1,20}·\s*/, '')}` };
}

/** The screen as the analysis names it, or null when the model named none of them. */
function withScreenOf(row: StrategyMetric, context: StrategyContext): StrategyMetric {
  if (row.screen === null) return row;
  const key = (text: string) => labelWords(text).join(' ').toLowerCase();
  const screens = context.analysis?.pageSpecs.map((spec) => spec.screenName) ?? [];
  return { ...row, screen: screens.find((name) => key(name) === key(row.screen ?? '')) ?? null };
}
