/** What analysis's integration tests share: signed-in callers, demo videos drawn by ffmpeg, uploads as media makes them. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  createEnvelope,
  type Config,
  type EventBus,
  type EventEnvelope,
  type ObjectStorage,
} from '@tracklens/kit';
import { signedInCaller } from '@tracklens/kit/testing';
import { subjects, type VideoAnalysisStatusChanged, type VideoUploaded } from '@tracklens/contracts';
import { makeSyntheticVideo, type SyntheticScreen } from '../fixtures/synthetic-video';

export interface Caller {
  userId: string;
  cookie: string;
}

/** A signed-in user as identity would have made them: a session cookie signed with the shared secret. */
export function callerFor(config: Config, userId = randomUUID()): Caller {
  return signedInCaller(config.jwtSecret, userId);
}

/** Three screens: a sign-in form with typing, a catalogue, a cart. */
export const DEMO_SCREENS: SyntheticScreen[] = [
  {
    heading: 'Welcome Back',
    subtitle: 'Sign in to manage your orders.',
    fields: [{ label: 'Email', typed: 'jane@example.com' }],
    buttons: ['Sign In'],
    seconds: 3,
  },
  { heading: 'Product Catalog', subtitle: 'Browse our latest arrivals.', buttons: ['Add to Cart'], seconds: 3 },
  { heading: 'Shopping Cart', subtitle: 'Review the items in your cart.', buttons: ['Checkout'], seconds: 3 },
];

/** Renders the demo video once per folder. */
export async function demoVideo(dir: string, screens: SyntheticScreen[] = DEMO_SCREENS): Promise<string> {
  const file = path.join(dir, `demo-${screens.length}.mp4`);
  if (!fs.existsSync(file)) await makeSyntheticVideo(file, screens);
  return file;
}

export interface Upload {
  videoId: string;
  productId: string;
  userId: string;
  storageKey: string;
  envelope: EventEnvelope<VideoUploaded>;
}

/** Stores the file where media would and describes it as media.video.uploaded does. */
export async function storeUpload(
  storage: ObjectStorage,
  file: string,
  owner: { userId: string; productId?: string; videoId?: string },
): Promise<Upload> {
  const productId = owner.productId ?? randomUUID();
  const videoId = owner.videoId ?? randomUUID();
  const storageKey = `users/${owner.userId}/products/${productId}/uploads/${randomUUID()}/demo.mp4`;
  await storage.putStream(storageKey, fs.createReadStream(file));
  const data: VideoUploaded = {
    videoId,
    productId,
    userId: owner.userId,
    storageKey,
    durationSec: 9,
    contentType: 'video/mp4',
    originalName: 'demo.mp4',
    fileSize: fs.statSync(file).size,
  };
  return { videoId, productId, userId: owner.userId, storageKey, envelope: createEnvelope('media', subjects.videoUploaded, data) };
}

export async function publishUpload(bus: EventBus, upload: Upload): Promise<void> {
  await bus.publish(subjects.videoUploaded, upload.envelope);
}

/** Every analysis status event seen on the bus, for assertions per video. */
export class StatusEvents {
  readonly all: Array<EventEnvelope<VideoAnalysisStatusChanged>> = [];

  async listen(bus: EventBus): Promise<void> {
    await bus.subscribe({ durable: `analysis-test-${randomUUID()}`, subject: 'analysis.>', maxDeliveries: 1 }, async (envelope) => {
      this.all.push(envelope as EventEnvelope<VideoAnalysisStatusChanged>);
    });
  }

  of(videoId: string): Array<EventEnvelope<VideoAnalysisStatusChanged>> {
    return this.all.filter((event) => event.data.videoId === videoId).sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
  }

  statuses(videoId: string): string[] {
    return this.of(videoId).map((event) => event.data.status);
  }
}
