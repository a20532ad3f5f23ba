/**
 * User flows from an OpenAI-compatible model through kit's structured model call. The model reads the recorded
 * screens with their actions, the plan's events and funnels, the question and the recent thread; its flow is
 * then held to the product: screens it names are the page specs (or marked proposed), edge events are the
 * plan's (in the plan's spelling) and edges join nodes that exist.
 */
import { z } from 'zod';
import {
  labelWords,
  userFlowNodeTypeSchema,
  type UserFlow,
  type UserFlowEdge,
  type UserFlowNode,
  screenshotPathOf,
} from '@tracklens/contracts';
import type { ModelClient, ModelTask } from '@tracklens/kit';
import type { FlowBuilder } from '../domain/flow-builder';
import type { StrategyContext, StrategyQuestion } from '../domain/strategist';
import { looseKey, matchName, planNames } from '../strategy/event-names';
import { recentHistory } from '../strategy/model-strategist';
import { journeyGraph } from './journey-graph';
import { buildOfflineFlow, funnelOverlays } from './offline-flow-builder';

const MAX_ACTIONS_PER_SCREEN = 12;

/** The JSON schema the model must answer with (strict: every field required, nothing else allowed). */
export const USER_FLOW_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'description', 'nodes', 'edges', 'happy_path'],
  properties: {
    title: {
      type: 'string',
      description: 'A short title naming the product and the part of its journey shown',
    },
    description: {
      type: 'string',
      description:
        'Plain text, no markdown: 2-5 sentences explaining the flow, naming its screens and the tracking plan events on its steps',
    },
    nodes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'type', 'label', 'proposed'],
        properties: {
          id: { type: 'string', description: 'Unique, letters, digits and hyphens, e.g. "screen-checkout"' },
          type: { type: 'string', enum: userFlowNodeTypeSchema.options },
          label: {
            type: 'string',
            description: 'For a screen node: the screen name exactly as in the input; else a short label',
          },
          proposed: {
            type: 'boolean',
            description: 'true for a step the recording does not show (added on request)',
          },
        },
      },
    },
    edges: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'to', 'label', 'event', 'proposed'],
        properties: {
          from: { type: 'string', description: 'A node id' },
          to: { type: 'string', description: 'A node id' },
          label: { type: ['string', 'null'], description: "The user's action, e.g. \"Click 'Add to Cart'\"" },
          event: {
            type: ['string', 'null'],
            description:
              'The tracking plan event that fires on this step, spelled exactly as in the plan; null when none',
          },
          proposed: { type: 'boolean' },
        },
      },
    },
    happy_path: {
      type: 'array',
      items: { type: 'string' },
      description: "Node ids of the screens on the plan funnel's path, in order; empty when no funnel fits",
    },
  },
} as const;

const modelFlowSchema = z.object({
  title: z.string(),
  description: z.string(),
  nodes: z.array(
    z.object({ id: z.string(), type: userFlowNodeTypeSchema, label: z.string(), proposed: z.boolean() }),
  ),
  edges: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      label: z.string().nullable(),
      event: z.string().nullable(),
      proposed: z.boolean(),
    }),
  ),
  happy_path: z.array(z.string()),
});
export type ModelFlow = z.infer<typeof modelFlowSchema>;

const INSTRUCTIONS = [
  "You draw user flows of a product from the recording of its demo video. Answer the product owner's question with a flow diagram: nodes and edges.",
  'Screens are the recorded screens of the input, named exactly as there, in the order the recording visits them; a screen visited again is the same node (an edge back), never a new node.',
  'Begin with one start node and finish with one end node. Put a decision node where the recording branches (a screen left to different screens, a sign-in or sign-up choice, an error). Use action nodes sparingly: edge labels carry the actions.',
  "Label each edge with the user's action (from the screen's actions) and set its event to the tracking plan event that fires on that step, spelled exactly as in the plan, or null.",
  'The question picks the part of the journey: a screen, event or funnel it names, sign-up, checkout, onboarding, or the whole journey for the main flow.',
  'A follow-up refers to the conversation history: keep the earlier flow and add what is asked as nodes and edges with proposed set to true; never mark recorded screens as proposed.',
  'happy_path lists the node ids of the screens on the plan funnel the flow follows. Keep the flow under 30 nodes.',
].join('\n');

const USER_FLOW_TASK: ModelTask<ModelFlow> = {
  name: 'user_flow',
  instructions: INSTRUCTIONS,
  schema: modelFlowSchema,
  jsonSchema: USER_FLOW_JSON_SCHEMA,
  temperature: 0.2,
  timeoutMs: 3 * 60_000,
};

export function modelFlowBuilder(client: ModelClient): FlowBuilder {
  return {
    kind: 'model',
    async build(context, question, { signal }) {
      // Without recorded screens there is nothing to draw a flow from; the offline answer says what to do.
      if (!context.analysis || context.analysis.pageSpecs.length === 0)
        return buildOfflineFlow(context, question);
      const answer = await client.structured(
        USER_FLOW_TASK,
        JSON.stringify(flowPromptInput(context, question)),
        {
          signal,
          logFields: { task: 'user_flow' },
        },
      );
      return groundFlow(answer, context);
    },
  };
}

/** What the model reads: the product, its screens with their actions, the plan; no ids or storage keys. */
export function flowPromptInput(context: StrategyContext, question: StrategyQuestion) {
  const { analysis, plan } = context;
  return {
    product: context.product,
    screens: analysis
      ? [...analysis.pageSpecs]
          .sort((a, b) => a.order - b.order || a.firstSeenSec - b.firstSeenSec)
          .map((spec) => ({
            name: spec.screenName,
            kind: spec.screenKind,
            seen_from_sec: spec.firstSeenSec,
            seen_to_sec: spec.lastSeenSec,
            actions: [...spec.actions]
              .sort((a, b) => a.atSec - b.atSec)
              .slice(0, MAX_ACTIONS_PER_SCREEN)
              .map((action) => ({
                kind: action.kind,
                target: action.target ?? null,
                to_screen: action.toScreen ?? null,
                at_sec: action.atSec,
              })),
          }))
      : [],
    journeys: analysis?.journeys.map((journey) => ({ name: journey.name, steps: journey.steps })) ?? [],
    tracking_plan: plan
      ? {
          events: plan.content.events.map((event) => ({
            name: event.name,
            category: event.category,
            trigger: event.trigger,
          })),
          funnels: plan.content.funnels.map((funnel) => ({ name: funnel.name, steps: funnel.steps })),
        }
      : null,
    conversation_history: recentHistory(question.history),
    question: question.message,
  };
}

/**
 * The model's flow held to the product: a screen node names a page spec (and gets its id, screenshot and time)
 * or is proposed; an edge event is a plan event in the plan's spelling or moves into the label; an edge joins
 * nodes that exist; one start node comes first and one end node last.
 */
export function groundFlow(answer: ModelFlow, context: StrategyContext): UserFlow {
  const specs = [...(context.analysis?.pageSpecs ?? [])].sort((a, b) => a.order - b.order);
  const specByKey = new Map<string, (typeof specs)[number]>();
  for (const spec of specs) {
    for (const key of [plainKey(spec.screenName), looseKey(spec.screenName)])
      if (key && !specByKey.has(key)) specByKey.set(key, spec);
  }
  const plan = planNames(context.plan?.content ?? null);

  const nodes: UserFlowNode[] = [];
  const seen = new Set<string>();
  for (const node of answer.nodes) {
    const id = node.id.trim();
    if (!id || seen.has(id)) continue;
    seen.add(id);
    const label = node.label.trim() || id;
    if (node.type !== 'screen') {
      nodes.push({ id, type: node.type, label, ...(node.proposed ? { proposed: true } : {}) });
      continue;
    }
    const spec = specByKey.get(plainKey(label)) ?? specByKey.get(looseKey(label));
    if (!spec) {
      nodes.push({ id, type: 'screen', label, proposed: true });
      continue;
    }
    nodes.push({
      id,
      type: 'screen',
      label: spec.screenName,
      pageSpecId: spec.id,
      ...(spec.screenshotKey ? { screenshot_path: screenshotPathOf(spec.screenshotKey) ?? undefined } : {}),
      atSec: spec.firstSeenSec,
    });
  }
  const ordered = [
    ...nodes.filter((node) => node.type === 'start'),
    ...nodes.filter((node) => node.type !== 'start' && node.type !== 'end'),
    ...nodes.filter((node) => node.type === 'end'),
  ];
  const byId = new Map(ordered.map((node) => [node.id, node]));

  const edges: UserFlowEdge[] = [];
  for (const edge of answer.edges) {
    const from = byId.get(edge.from.trim());
    const to = byId.get(edge.to.trim());
    if (!from || !to) continue;
    let label = edge.label?.trim() || undefined;
    let event: string | undefined;
    const raw = edge.event?.trim();
    if (raw) {
      const match = matchName(raw, plan);
      if (match.kind === 'unknown') label = label ? `${label} (${raw})` : raw;
      else event = match.name;
    }
    const proposed = edge.proposed || from.proposed === true || to.proposed === true;
    edges.push({
      from: from.id,
      to: to.id,
      ...(label ? { label } : {}),
      ...(event ? { event } : {}),
      ...(proposed ? { proposed: true } : {}),
    });
  }

  const happyPath = answer.happy_path.filter((id) => byId.get(id)?.type === 'screen');
  const recorded = ordered.filter((node) => node.type === 'screen' && node.pageSpecId && !node.proposed);
  const funnels = funnelOverlays(
    journeyGraph(context),
    (screen) => recorded.find((node) => node.pageSpecId === screen.spec.id)?.id,
  );
  return {
    title: answer.title.trim() || `User flow of ${context.product.name}`,
    description: answer.description.trim(),
    nodes: ordered,
    edges,
    ...(happyPath.length > 0 ? { happyPath } : {}),
    ...(funnels.length > 0 ? { funnels } : {}),
    source: 'model',
  };
}

function plainKey(text: string): string {
  return labelWords(text)
    .map((word) => word.toLowerCase())
    .join(' ');
}
