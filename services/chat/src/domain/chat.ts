/** chat's rules for the routes: sessions and messages of the caller, and starting a strategy job once per session. */
import { randomUUID } from 'node:crypto';
import { errors, uuidOrNull, type Logger } from '@tracklens/kit';
import {
  CHAT_MESSAGES,
  CHAT_MESSAGES_PER_SESSION_MAX,
  CHAT_SESSIONS_PER_PRODUCT_MAX,
  restrictionBody,
  type ChatJob,
  type ChatJobType,
  type ChatMessage,
  type ChatSession,
  type ChatType,
  type CreateChatSessionBody,
  type GenerateStrategyBody,
  type GenerateStrategyResponse,
  type SendChatMessageBody,
} from '@tracklens/contracts';
import type {
  ChatStore,
  MessageRecord,
  ProductDirectory,
  QuotaGate,
  SessionRecord,
  ChatJobRecord,
} from './ports';

export const SESSIONS_FULL = `A product keeps at most ${CHAT_SESSIONS_PER_PRODUCT_MAX} chats. Delete an old chat to start a new one.`;
export const SESSION_FULL = `A chat keeps at most ${CHAT_MESSAGES_PER_SESSION_MAX} messages. Start a new chat to continue.`;

export interface ChatOptions {
  store: ChatStore;
  products: ProductDirectory;
  quota: QuotaGate;
  logger: Pick<Logger, 'warn'>;
  /** Called after a transaction stored jobs or events, so they are handled now rather than at the next poll. */
  eventsStored?: () => void;
}

export class Chat {
  constructor(private readonly options: ChatOptions) {}

  async createSession(userId: string, body: CreateChatSessionBody): Promise<ChatSession> {
    const product = await this.ownedProduct(userId, body.productId);
    const { store } = this.options;
    if ((await store.countSessions(userId, product.id)) >= CHAT_SESSIONS_PER_PRODUCT_MAX) {
      throw errors.conflict(SESSIONS_FULL, 'CHAT_LIMIT');
    }
    const session = await store.createSession(
      { id: randomUUID(), userId, productId: product.id, chatType: body.chatType },
      (existing) => body.title || `${product.name} Chat ${existing + 1}`,
    );
    return toChatSession(session);
  }

  async listSessions(
    userId: string,
    productId: string,
    chatType: ChatType | undefined,
  ): Promise<ChatSession[]> {
    const product = await this.ownedProduct(userId, productId);
    return (await this.options.store.listSessions(userId, product.id, chatType)).map(toChatSession);
  }

  async deleteSession(userId: string, sessionId: string | null): Promise<{ success: true; id: string }> {
    if (!sessionId || !(await this.options.store.deleteSession(userId, sessionId))) {
      throw errors.notFound(CHAT_MESSAGES.sessionNotFound);
    }
    return { success: true, id: sessionId };
  }

  async listMessages(userId: string, sessionId: string): Promise<ChatMessage[]> {
    const session = await this.ownedSession(userId, sessionId);
    return (await this.options.store.listMessages(session.id)).map(toChatMessage);
  }

  async sendMessage(userId: string, body: SendChatMessageBody): Promise<ChatMessage> {
    const session = await this.ownedSession(userId, body.sessionId);
    await this.ensureRoom(session, 1);
    const message = await this.options.store.addMessage({
      id: randomUUID(),
      sessionId: session.id,
      role: 'user',
      content: body.message,
      metadata: null,
    });
    return toChatMessage(message);
  }

  /**
   * A question for a strategy chat or a user-flow chat, answered by a job. One job per session at a time: an
   * active one answers 409. One analytics message of the user's quota is reserved for the job before it is
   * stored; a reservation whose job did not commit is given back.
   */
  async ask(
    userId: string,
    productId: string | null,
    type: ChatJobType,
    body: GenerateStrategyBody,
  ): Promise<GenerateStrategyResponse> {
    const product = await this.ownedProduct(userId, productId);
    const session = await this.ownedSession(userId, body.sessionId);
    if (session.productId !== product.id) throw errors.notFound(CHAT_MESSAGES.sessionNotFound);
    if (session.chatType !== type) throw errors.validation(CHAT_MESSAGES.wrongChatType);
    const { store, quota } = this.options;
    // Cheap look first: a double-clicked send must not take a second unit of quota.
    if (await store.activeJob(session.id))
      throw errors.conflict(CHAT_MESSAGES.jobActive, 'STRATEGY_IN_PROGRESS');
    // A job adds two messages: the question now and its answer later.
    await this.ensureRoom(session, 2);

    const jobId = randomUUID();
    const messageId = randomUUID();
    const reservation = await quota.reserve(userId, jobId);
    if (!reservation.granted) {
      const denial = restrictionBody(reservation.denial);
      throw errors.forbidden(denial.message, denial.code, { error: denial.error, upgradeRequired: true });
    }
    let stored = false;
    try {
      stored = await store.insertJob({
        id: jobId,
        type,
        session,
        messageId,
        question: body.userMessage,
        history: body.conversationHistory,
        reservationId: reservation.reservationId,
      });
    } finally {
      if (!stored) await quota.release(reservation.reservationId).catch(() => undefined);
    }
    if (!stored) throw errors.conflict(CHAT_MESSAGES.jobActive, 'STRATEGY_IN_PROGRESS');
    this.options.eventsStored?.();
    await this.confirm(reservation.reservationId, jobId);
    return { jobId, messageId };
  }

  /** The job is recorded; should billing not answer now, the job confirms its reservation when it starts. */
  private async confirm(reservationId: string, jobId: string): Promise<void> {
    try {
      await this.options.quota.confirm(reservationId);
    } catch (error) {
      this.options.logger.warn({ err: error, jobId, reservationId }, 'analytics message reservation not confirmed yet');
    }
  }

  async listJobs(userId: string, productId: string | null): Promise<ChatJob[]> {
    const product = await this.ownedProduct(userId, productId);
    return (await this.options.store.listJobs(userId, product.id)).map(toChatJob);
  }

  private async ownedProduct(userId: string, productId: string | null | undefined) {
    const id = uuidOrNull(productId);
    if (!id) throw errors.notFound(CHAT_MESSAGES.productNotFound);
    return this.options.products.getProduct(userId, id);
  }

  private async ownedSession(userId: string, sessionId: string): Promise<SessionRecord> {
    const id = uuidOrNull(sessionId);
    const session = id ? await this.options.store.findSession(userId, id) : null;
    if (!session) throw errors.notFound(CHAT_MESSAGES.sessionNotFound);
    return session;
  }

  private async ensureRoom(session: SessionRecord, adding: number): Promise<void> {
    if ((await this.options.store.countMessages(session.id)) + adding > CHAT_MESSAGES_PER_SESSION_MAX) {
      throw errors.conflict(SESSION_FULL, 'CHAT_FULL');
    }
  }
}

export function toChatSession(session: SessionRecord): ChatSession {
  return {
    id: session.id,
    productId: session.productId,
    chatType: session.chatType,
    title: session.title,
    createdAt: session.createdAt.toISOString(),
  };
}

export function toChatMessage(message: MessageRecord): ChatMessage {
  return {
    id: message.id,
    sessionId: message.sessionId,
    role: message.role,
    content: message.content,
    metadata: message.metadata,
    createdAt: message.createdAt.toISOString(),
  };
}

export function toChatJob(job: ChatJobRecord): ChatJob {
  const fields = {
    id: job.id,
    sessionId: job.sessionId,
    status: job.status,
    progress: job.status === 'completed' ? 100 : job.progress,
    stage: job.status === 'running' || job.status === 'pending' ? job.stage : null,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
  };
  // The row's type says which result it holds: the job that completed it wrote that kind.
  return job.type === 'user_flow'
    ? { ...fields, type: 'user_flow', result: job.result && 'nodes' in job.result ? job.result : null }
    : {
        ...fields,
        type: 'analytics_strategy',
        result: job.result && 'table' in job.result ? job.result : null,
      };
}
