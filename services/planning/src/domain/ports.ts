/** What planning's rules need from the world; src/db, src/grpc and src/generation implement these. */
import type { OutgoingEvent } from '@tracklens/kit';
import type {
  JobStatus,
  ProductAnalysis,
  ProductType,
  QuotaDenial,
  TrackingPlanContent,
  TrackingPlanStatus,
} from '@tracklens/contracts';
import type { PlanSources } from './plan-evidence';

export interface PlanRecord {
  id: string;
  productId: string;
  userId: string;
  title: string;
  status: TrackingPlanStatus;
  content: TrackingPlanContent | null;
  error: string | null;
  reservationId: string | null;
  jobId: string;
  createdAt: Date;
  completedAt: Date | null;
}

export interface JobRecord {
  id: string;
  status: JobStatus;
  progress: number;
}

export interface NewPlan {
  id: string;
  jobId: string;
  productId: string;
  userId: string;
  title: string;
  reservationId: string;
}

/** Storage inside one product's lock: what starting a generation reads and writes atomically. */
export interface LockedProductStore {
  findGeneratingPlan(productId: string): Promise<PlanRecord | null>;
  /** Inserts the generating plan, its pending job and the queued job that does the work. */
  insertPlan(plan: NewPlan): Promise<void>;
}

export interface PlanningStore {
  /** Runs `work` in one transaction holding the product's lock: two starts for one product never interleave. */
  withProductLock<T>(productId: string, work: (store: LockedProductStore) => Promise<T>): Promise<T>;
  findGeneratingPlan(productId: string): Promise<PlanRecord | null>;
  listPlans(userId: string, productId: string): Promise<PlanRecord[]>;
  /** The generating plan of the product, else its newest one, with its job. */
  currentPlan(userId: string, productId: string): Promise<{ plan: PlanRecord; job: JobRecord | null } | null>;
  findPlan(userId: string, planId: string): Promise<PlanRecord | null>;
  /** The user's newest completed plan of the product. */
  latestCompletedPlan(userId: string, productId: string): Promise<PlanRecord | null>;
  /** Deletes the user's plan unless it is generating; 'generating' when it is. */
  deletePlan(userId: string, planId: string): Promise<'deleted' | 'missing' | 'generating'>;

  /** The plan a job works on, whoever owns it (the job carries ids only). */
  findPlanById(planId: string): Promise<PlanRecord | null>;
  /** Marks the job running with an attempt more, unless it is already finished; false when it is. */
  startJob(jobId: string, progress: number): Promise<boolean>;
  setJobProgress(jobId: string, progress: number): Promise<void>;
  /** Plan completed, job completed and event in one transaction; false when the plan was no longer generating. */
  completePlan(plan: PlanRecord, content: TrackingPlanContent, event: OutgoingEvent): Promise<boolean>;
  /** Plan failed, job failed and event in one transaction; false when the plan was no longer generating. */
  failPlan(plan: PlanRecord, error: string, event: OutgoingEvent): Promise<boolean>;
}

export interface ProductDirectory {
  /** The caller's product, or AppError 404 'Product not found'. */
  getProduct(userId: string, productId: string): Promise<{ id: string; name: string; type: ProductType }>;
}

export type Reservation = { granted: true; reservationId: string } | { granted: false; denial: QuotaDenial };

/** Not confirmed: the reservation had expired and the month has no unit left (denial), or it was released. */
export type Confirmation = { confirmed: true } | { confirmed: false; denial: QuotaDenial | null };

/**
 * billing's tracking-plan quota, in two phases: a reservation expires unless confirmed once its plan is recorded,
 * and is released when its plan fails.
 */
export interface QuotaGate {
  /** Takes one tracking plan of the user's quota; `reference` (the plan id) makes a retried reserve idempotent. */
  reserve(userId: string, reference: string): Promise<Reservation>;
  /** Keeps a reservation for good; confirming twice is a no-op. */
  confirm(reservationId: string): Promise<Confirmation>;
  /** Gives a reservation back; releasing twice is a no-op. */
  release(reservationId: string): Promise<void>;
}

export interface AnalysisSource {
  /** The product's analysis, or null when analysis knows none for this user's product. */
  productAnalysis(userId: string, productId: string): Promise<ProductAnalysis | null>;
}

/** A generator's plan, and what made each event when the generator knows it (the model does not say). */
export interface GeneratedPlan {
  content: TrackingPlanContent;
  sources?: PlanSources;
}

export interface GenerateOptions {
  signal: AbortSignal;
  /** What the owner says the product is (onboarding); read from the screens when not given. */
  productType?: ProductType;
}

export interface PlanGenerator {
  readonly kind: 'model' | 'offline';
  generate(analysis: ProductAnalysis, options: GenerateOptions): Promise<GeneratedPlan>;
}
