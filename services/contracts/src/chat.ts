/**
 * chat: chat sessions, their messages, the jobs that answer them (product-spec §3, §7) and the analytics strategy
 * a job answers with. The web imports this module for its types only; its numbers are in ./limits.
 */
import { z } from 'zod';
import { CHAT_HISTORY_MAX_CHARS, CHAT_MESSAGE_MAX, CHAT_TITLE_MAX } from './limits';
import { text } from './text';

export const chatSubjects = {
  strategyCompleted: 'chat.strategy.completed',
  strategyFailed: 'chat.strategy.failed',
  userFlowCompleted: 'chat.userflow.completed',
  userFlowFailed: 'chat.userflow.failed',
} as const;

/** product-spec §5 and §8: what the chat routes and the strategy job tell the user. */
export const CHAT_MESSAGES = {
  noSession: 'No session selected',
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${CHAT_MESSAGE_MAX} characters`,
  historyTooLong: `Conversation history must be at most ${CHAT_HISTORY_MAX_CHARS} characters`,
  sessionNotFound: 'Chat session not found',
  productNotFound: 'Product not found',
  jobActive: 'An answer is already being generated for this chat',
  strategyFailed: 'Failed to generate analytics strategy. Please try again.',
  userFlowFailed: 'Failed to generate user flow. Please try again.',
  wrongChatType: 'This chat is for another kind of answer',
} as const;

export const chatTypeSchema = z.enum(['analytics_strategy', 'user_flow', 'tracking_plan'], {
  error: 'Chat type must be analytics_strategy, user_flow or tracking_plan',
});
export type ChatType = z.infer<typeof chatTypeSchema>;

/** Where a metric sits: the north star, its inputs, a pirate-funnel stage (AARRR) or a HEART dimension. */
export const metricStageSchema = z.enum([
  'North Star',
  'Input',
  'Acquisition',
  'Activation',
  'Retention',
  'Revenue',
  'Referral',
  'Happiness',
  'Engagement',
  'Adoption',
  'Task Success',
]);
export type MetricStage = z.infer<typeof metricStageSchema>;

export const metricTypeSchema = z.enum(['count', 'ratio', 'rate', 'average', 'duration', 'unique_users']);
export type MetricType = z.infer<typeof metricTypeSchema>;

/**
 * One row of a strategy's table. The three visible columns are product-spec §3's; the rest keep what the row
 * is computed from, for the CSV and the saved preview. `events` are the plan's own event names the formula
 * uses; `missing_events` are events the plan lacks that the metric needs (then `measurable` is false).
 */
export const strategyMetricSchema = z.object({
  metric_name: z.string(),
  definition: z.string(),
  decision_insight: z.string(),
  stage: metricStageSchema,
  formula: z.string(),
  events: z.array(z.string()),
  missing_events: z.array(z.string()),
  measurable: z.boolean(),
  type: metricTypeSchema,
  window: z.string(),
  /** The screen the metric is measured on, as the analysis names it; null for a product-wide metric. */
  screen: z.string().nullable(),
  owner: z.string(),
});
export type StrategyMetric = z.infer<typeof strategyMetricSchema>;

/** product-spec §3: an analytics strategy result is markdown text plus table rows. */
export const analyticsStrategySchema = z.object({
  text: z.string(),
  table: z.array(strategyMetricSchema),
  /** What the question was taken to ask for, e.g. 'kpis', 'funnel', 'dashboard'. */
  intent: z.string(),
  /** Who wrote it: the built-in strategist or the configured model. */
  source: z.enum(['offline', 'model']),
});
export type AnalyticsStrategy = z.infer<typeof analyticsStrategySchema>;

export const userFlowNodeTypeSchema = z.enum(['start', 'screen', 'action', 'decision', 'end']);
export type UserFlowNodeType = z.infer<typeof userFlowNodeTypeSchema>;

/** product-spec §3: a user flow's node has a type and a label; the rest ties it to the recording. */
export const userFlowNodeSchema = z.object({
  id: z.string(),
  type: userFlowNodeTypeSchema,
  label: z.string(),
  /** The page spec a screen node shows. */
  pageSpecId: z.string().optional(),
  /** Its screenshot as browsers load it (/api/images/{key}). */
  screenshot_path: z.string().optional(),
  /** When the recording first shows this step, in seconds. */
  atSec: z.number().optional(),
  /** Not seen in the recording: added through the conversation. */
  proposed: z.boolean().optional(),
});
export type UserFlowNode = z.infer<typeof userFlowNodeSchema>;

export const userFlowEdgeSchema = z.object({
  from: z.string(),
  to: z.string(),
  label: z.string().optional(),
  /** The tracking plan's event that fires on this step. */
  event: z.string().optional(),
  proposed: z.boolean().optional(),
});
export type UserFlowEdge = z.infer<typeof userFlowEdgeSchema>;

/** product-spec §3 user flow content (title, description, nodes), plus the edges a flow cannot do without. */
export const userFlowSchema = z.object({
  title: z.string(),
  description: z.string(),
  nodes: z.array(userFlowNodeSchema),
  edges: z.array(userFlowEdgeSchema),
  /** The node ids of the happy path: the plan funnel the flow follows, when one matches. */
  happyPath: z.array(z.string()).optional(),
  /** Each plan funnel's steps laid on the flow's screens: the step's event and the node it happens on. */
  funnels: z
    .array(z.object({ name: z.string(), steps: z.array(z.object({ event: z.string(), nodeId: z.string() })) }))
    .optional(),
  source: z.enum(['offline', 'model']),
});
export type UserFlow = z.infer<typeof userFlowSchema>;

/** product-spec §3: a message's metadata may hold one of these. */
export const chatMessageMetadataSchema = z
  .object({
    analytics_strategy: analyticsStrategySchema.optional(),
    tracking_plan: z.unknown().optional(),
    user_flow: z.unknown().optional(),
    /** The job that wrote an assistant message. */
    jobId: z.string().optional(),
  })
  .nullable();
export type ChatMessageMetadata = z.infer<typeof chatMessageMetadataSchema>;

export const chatSessionSchema = z.object({
  id: z.string(),
  productId: z.string(),
  chatType: chatTypeSchema,
  title: z.string(),
  createdAt: z.string(),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  metadata: chatMessageMetadataSchema,
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatJobStatusSchema = z.enum(['pending', 'running', 'completed', 'failed']);
export type ChatJobStatus = z.infer<typeof chatJobStatusSchema>;

/** What a chat job answers: an analytics strategy or a user flow. */
export const chatJobTypeSchema = z.enum(['analytics_strategy', 'user_flow']);
export type ChatJobType = z.infer<typeof chatJobTypeSchema>;

const chatJobFields = {
  id: z.string(),
  sessionId: z.string(),
  status: chatJobStatusSchema,
  progress: z.number().int().min(0).max(100),
  /** What the job is doing now, e.g. 'Reading your tracking plan'; null when it is not running. */
  stage: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
};

/** product-spec §3 Job, as GET /api/products/{id}/jobs answers it (newest first); result is null until completed. */
export const chatJobSchema = z.discriminatedUnion('type', [
  z.object({ ...chatJobFields, type: z.literal('analytics_strategy'), result: analyticsStrategySchema.nullable() }),
  z.object({ ...chatJobFields, type: z.literal('user_flow'), result: userFlowSchema.nullable() }),
]);
export type ChatJob = z.infer<typeof chatJobSchema>;

const sessionId = text({ label: 'Session ID', required: CHAT_MESSAGES.noSession, max: 200, tooLong: CHAT_MESSAGES.noSession });

const messageText = text({
  label: 'Message',
  required: CHAT_MESSAGES.messageRequired,
  max: CHAT_MESSAGE_MAX,
  tooLong: CHAT_MESSAGES.messageTooLong,
  multiline: true,
});

const productId = text({ label: 'Product ID', required: 'Product ID is required', max: 200 });

/** Each line of the history is checked as it comes; the joined text's length is checked once, after. */
const historyText = text({
  label: 'Conversation history',
  max: CHAT_HISTORY_MAX_CHARS,
  tooLong: CHAT_MESSAGES.historyTooLong,
  multiline: true,
  trim: false,
});

/** GET /api/chat-sessions?productId&chatType */
export const listChatSessionsQuerySchema = z.object({
  productId,
  chatType: chatTypeSchema.optional(),
});

/** POST /api/chat-sessions. Without a title the session is called '{product name} Chat {n}'. */
export const createChatSessionBodySchema = z.object({
  productId,
  chatType: chatTypeSchema.default('analytics_strategy'),
  title: text({ label: 'Title', max: CHAT_TITLE_MAX }).optional(),
});
export type CreateChatSessionBody = z.infer<typeof createChatSessionBodySchema>;

/** GET /api/chat-messages?sessionId */
export const listChatMessagesQuerySchema = z.object({ sessionId });

/** POST /api/chat-messages: the user's message, kept in the session's thread. */
export const sendChatMessageBodySchema = z.object({ sessionId, message: messageText });
export type SendChatMessageBody = z.infer<typeof sendChatMessageBodySchema>;

/**
 * POST /api/products/{id}/generate-analytics-strategy. conversationHistory is the thread as lines
 * 'role: content' (product-spec §7); a list of such lines is accepted too.
 */
export const generateStrategyBodySchema = z.object({
  sessionId,
  userMessage: messageText,
  conversationHistory: z
    .union([historyText, z.array(historyText).transform((lines) => lines.join('\n'))])
    .default('')
    .refine((text) => text.length <= CHAT_HISTORY_MAX_CHARS, CHAT_MESSAGES.historyTooLong),
});
export type GenerateStrategyBody = z.infer<typeof generateStrategyBodySchema>;

export const generateStrategyResponseSchema = z.object({ jobId: z.string(), messageId: z.string() });
export type GenerateStrategyResponse = z.infer<typeof generateStrategyResponseSchema>;

/** GET /api/chat/config: what the strategy page shows beside the chat. Both null when unset. */
export const chatConfigSchema = z.object({
  founderCallUrl: z.string().nullable(),
  founderName: z.string().nullable(),
});
export type ChatConfig = z.infer<typeof chatConfigSchema>;

/** POST /api/products/{id}/generate-user-flow: the same body as a strategy request. */
export const generateUserFlowBodySchema = generateStrategyBodySchema;
export type GenerateUserFlowBody = GenerateStrategyBody;

/** chat.strategy.completed and chat.userflow.completed. */
export const chatJobCompletedSchema = z.object({
  jobId: z.string(),
  type: chatJobTypeSchema,
  sessionId: z.string(),
  productId: z.string(),
  userId: z.string(),
  source: z.enum(['offline', 'model']),
});
export type ChatJobCompleted = z.infer<typeof chatJobCompletedSchema>;

/** chat.strategy.failed and chat.userflow.failed. */
export const chatJobFailedSchema = z.object({
  jobId: z.string(),
  type: chatJobTypeSchema,
  sessionId: z.string(),
  productId: z.string(),
  userId: z.string(),
  error: z.string(),
});
export type ChatJobFailed = z.infer<typeof chatJobFailedSchema>;
