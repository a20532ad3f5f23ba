/** chat: chat sessions, messages, the analytics strategy and user flow jobs (product-spec §7, ARCHITECTURE §3). */
import type {
  ChatJob,
  ChatJobType,
  ChatMessage,
  ChatSession,
  ChatType,
  ChatConfig,
  GenerateStrategyResponse,
} from '@tracklens/contracts/chat';
import { api } from '../app/api';

export type {
  AnalyticsStrategy,
  ChatConfig,
  ChatJob,
  ChatJobType,
  ChatMessage,
  ChatSession,
  ChatType,
  StrategyMetric,
  UserFlow,
  UserFlowEdge,
  UserFlowNode,
  UserFlowNodeType,
} from '@tracklens/contracts/chat';

/** The route that starts each kind of answer. */
const GENERATE_ROUTE: Record<ChatJobType, string> = {
  analytics_strategy: 'generate-analytics-strategy',
  user_flow: 'generate-user-flow',
};

export interface GenerateAnswerArgs {
  chatType: ChatJobType;
  productId: string;
  sessionId: string;
  userMessage: string;
  /** The thread so far as lines 'role: content'. */
  conversationHistory: string;
}

const sessionsListId = (productId: string, chatType: ChatType) => `LIST-${productId}-${chatType}`;

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/chat-sessions?productId&chatType: newest first. */
    getChatSessions: build.query<ChatSession[], { productId: string; chatType: ChatType }>({
      query: (params) => ({ url: '/api/chat-sessions', params }),
      providesTags: (_result, _error, { productId, chatType }) => [
        { type: 'ChatSession', id: sessionsListId(productId, chatType) },
      ],
    }),
    /** Without a title the server names it '{product name} Chat {n}'. */
    createChatSession: build.mutation<ChatSession, { productId: string; chatType: ChatType; title?: string }>(
      {
        query: (body) => ({ url: '/api/chat-sessions', method: 'POST', body }),
        invalidatesTags: (_result, _error, { productId, chatType }) => [
          { type: 'ChatSession', id: sessionsListId(productId, chatType) },
        ],
      },
    ),
    deleteChatSession: build.mutation<
      { success: true; id: string },
      { id: string; productId: string; chatType: ChatType }
    >({
      query: ({ id }) => ({ url: `/api/chat-sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { productId, chatType }) => [
        { type: 'ChatSession', id: sessionsListId(productId, chatType) },
      ],
    }),
    /** GET /api/chat-messages?sessionId: oldest first. */
    getChatMessages: build.query<ChatMessage[], string>({
      query: (sessionId) => ({ url: '/api/chat-messages', params: { sessionId } }),
      providesTags: (_result, _error, sessionId) => [{ type: 'ChatMessage', id: sessionId }],
    }),
    /**
     * Stores the user's message and starts the job in one call (202 {jobId, messageId}). The job list is
     * refetched whatever the answer: a 409 means another job of the session runs, which the list then shows.
     */
    generateChatAnswer: build.mutation<GenerateStrategyResponse, GenerateAnswerArgs>({
      query: ({ productId, chatType, ...body }) => ({
        url: `/api/products/${encodeURIComponent(productId)}/${GENERATE_ROUTE[chatType]}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { productId }) => [{ type: 'Job', id: productId }, 'Subscription'],
    }),
    /** GET /api/products/{id}/jobs: newest first; polled while one of them runs (product-spec §7). */
    getChatJobs: build.query<ChatJob[], string>({
      query: (productId) => `/api/products/${encodeURIComponent(productId)}/jobs`,
      providesTags: (_result, _error, productId) => [{ type: 'Job', id: productId }],
    }),
    /** The founder call banner's link and name (product-spec §1); both null when unset. */
    getChatConfig: build.query<ChatConfig, void>({
      query: () => '/api/chat/config',
    }),
  }),
});

export const {
  useGetChatSessionsQuery,
  useCreateChatSessionMutation,
  useDeleteChatSessionMutation,
  useGetChatMessagesQuery,
  useGenerateChatAnswerMutation,
  useGetChatJobsQuery,
  useGetChatConfigQuery,
} = chatApi;
