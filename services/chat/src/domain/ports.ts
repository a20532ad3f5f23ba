/** What chat's rules need from the world; src/db and the typed clients (src/clients.ts) implement these. */
import type { OutgoingEvent } from '@tracklens/kit';
import type {
  AnalyticsStrategy,
  ChatJobStatus,
  ChatJobType,
  ChatMessageMetadata,
  ChatType,
  ProductAnalysis,
  ProductType,
  QuotaDenial,
  TrackingPlanContent,
  UserFlow,
} from '@tracklens/contracts';

export interface SessionRecord {
  id: string;
  userId: string;
  productId: string;
  chatType: ChatType;
  title: string;
  createdAt: Date;
}

export interface MessageRecord {
  id: string;
  sessionId: string;
  role: 'user' | 'assistant';
  content: string;
  metadata: ChatMessageMetadata;
  createdAt: Date;
}

export interface ChatJobRecord {
  id: string;
  type: ChatJobType;
  sessionId: string;
  userId: string;
  productId: string;
  status: ChatJobStatus;
  progress: number;
  stage: string | null;
  question: string;
  history: string;
  result: AnalyticsStrategy | UserFlow | null;
  error: string | null;
  reservationId: string | null;
  createdAt: Date;
}

/** What a completed job stores: its result, and the assistant's message that carries it. */
export interface ChatAnswer {
  result: AnalyticsStrategy | UserFlow;
  content: string;
  metadata: NonNullable<ChatMessageMetadata>;
}

export interface NewChatJob {
  id: string;
  type: ChatJobType;
  session: SessionRecord;
  /** The user's message, stored with the job so the question and its answer share one thread. */
  messageId: string;
  question: string;
  history: string;
  reservationId: string;
}

export interface ChatStore {
  /** Creates a session titled by `title(existing)`, where existing counts the user's sessions of that product and type. */
  createSession(
    session: Omit<SessionRecord, 'title' | 'createdAt'>,
    title: (existing: number) => string,
  ): Promise<SessionRecord>;
  listSessions(userId: string, productId: string, chatType: ChatType | undefined): Promise<SessionRecord[]>;
  /** The user's session; null when it is missing or someone else's. */
  findSession(userId: string, sessionId: string): Promise<SessionRecord | null>;
  /** Deletes the user's session with its messages and jobs; false when it is missing or someone else's. */
  deleteSession(userId: string, sessionId: string): Promise<boolean>;
  countSessions(userId: string, productId: string): Promise<number>;

  listMessages(sessionId: string): Promise<MessageRecord[]>;
  countMessages(sessionId: string): Promise<number>;
  addMessage(message: Omit<MessageRecord, 'createdAt'>): Promise<MessageRecord>;

  /** The session's pending or running job, if any. */
  activeJob(sessionId: string): Promise<ChatJobRecord | null>;
  /** Stores the user's message, the job and the queued work in one transaction; false when the session already has an active job. */
  insertJob(job: NewChatJob): Promise<boolean>;
  listJobs(userId: string, productId: string): Promise<ChatJobRecord[]>;

  /** The job a worker runs, whoever owns it (the queue carries ids only). */
  findJobById(jobId: string): Promise<ChatJobRecord | null>;
  /** Marks the job running at `progress`, unless it has finished; false when it has. */
  startJob(jobId: string, progress: number, stage: string): Promise<boolean>;
  setJobProgress(jobId: string, progress: number, stage: string): Promise<void>;
}

/** Writes of a job that must commit only while its worker still holds it (kit's fenced transaction). */
export interface JobFinishStore {
  /** Job completed, the assistant's message and the event together; false when the job was no longer active. */
  completeJob(
    job: ChatJobRecord,
    answer: ChatAnswer,
    messageId: string,
    event: OutgoingEvent,
  ): Promise<boolean>;
  /** Job failed and its event together; false when the job was no longer active. */
  failJob(job: ChatJobRecord, error: string, event: OutgoingEvent): Promise<boolean>;
}

export interface ChatProduct {
  id: string;
  name: string;
  type: ProductType;
  description: string;
}

export interface ProductDirectory {
  /** The caller's product, or AppError 404 'Product not found'. */
  getProduct(userId: string, productId: string): Promise<ChatProduct>;
}

export type Reservation = { granted: true; reservationId: string } | { granted: false; denial: QuotaDenial };

/** Not confirmed: the reservation had expired and the month has no unit left (denial), or it was released. */
export type Confirmation = { confirmed: true } | { confirmed: false; denial: QuotaDenial | null };

/**
 * billing's analytics-message quota, in two phases: a reservation expires unless confirmed once its job is recorded,
 * and is released when its job fails.
 */
export interface QuotaGate {
  /** Takes one analytics message of the user's quota; `reference` (the job id) makes a retried reserve idempotent. */
  reserve(userId: string, reference: string): Promise<Reservation>;
  /** Keeps a reservation for good; confirming twice is a no-op. */
  confirm(reservationId: string): Promise<Confirmation>;
  /** Gives a reservation back; releasing twice is a no-op. */
  release(reservationId: string): Promise<void>;
}

export interface GroundingSource {
  /** The product's finalised analysis, or null when it has none. */
  productAnalysis(userId: string, productId: string): Promise<ProductAnalysis | null>;
  /** The product's newest completed tracking plan, or null when it has none. */
  latestPlan(
    userId: string,
    productId: string,
  ): Promise<{ title: string; content: TrackingPlanContent } | null>;
}
