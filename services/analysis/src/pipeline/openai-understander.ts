/**
 * Step 3 with a vision model: key frames go to an OpenAI-compatible chat completions API as images, in
 * batches, and come back as screens through kit's structured model call (strict JSON schema, retries,
 * usage logged).
 */
import fs from 'node:fs/promises';
import type { ModelClient, ModelContentPart, ModelTask } from '@tracklens/kit';
import { z } from 'zod';
import type { FrameUnderstanding, KeyFrame, ScreenUnderstander, UnderstandOptions, UiElementKind, UserActionKind } from './types';

export interface OpenAiUnderstanderOptions {
  client: ModelClient;
  /** Most frames of one video sent to the model; the others take the screen of the nearest sent frame. */
  maxFrames: number;
  /** Frames per request. */
  batchSize?: number;
}

const ELEMENT_KINDS = ['button', 'link', 'input', 'heading', 'text', 'tab', 'checkbox', 'select'] as const satisfies readonly UiElementKind[];
const ACTION_KINDS = ['click', 'type', 'navigate', 'scroll', 'open_modal', 'submit'] as const satisfies readonly UserActionKind[];

/** The JSON schema of the answer (strict: every field required, nothing else allowed; absent text is ''). */
export const SCREENS_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['frames'],
  properties: {
    frames: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['frame', 'screen_name', 'description', 'elements', 'actions', 'visible_text'],
        properties: {
          frame: { type: 'integer', description: 'The number of the frame, as given' },
          screen_name: { type: 'string', description: 'Short Title Case name of the screen, the same for every frame of one screen' },
          description: { type: 'string', description: 'One or two sentences on what the screen is for and shows' },
          elements: {
            type: 'array',
            description: 'Visible UI elements the user can read or use',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['kind', 'label'],
              properties: { kind: { type: 'string', enum: ELEMENT_KINDS }, label: { type: 'string' } },
            },
          },
          actions: {
            type: 'array',
            description: 'What the user is seen doing on this frame',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['kind', 'target', 'to_screen'],
              properties: {
                kind: { type: 'string', enum: ACTION_KINDS },
                target: { type: 'string', description: 'The element acted on, or empty' },
                to_screen: { type: 'string', description: 'The screen this leads to, or empty' },
              },
            },
          },
          visible_text: { type: 'string', description: 'The main words readable on the frame' },
        },
      },
    },
  },
} as const;

const answerSchema = z.object({
  frames: z.array(
    z.object({
      frame: z.number().int(),
      screen_name: z.string().max(200),
      description: z.string().max(2000),
      elements: z.array(z.object({ kind: z.enum(ELEMENT_KINDS), label: z.string().max(200) })).max(100),
      actions: z.array(z.object({ kind: z.enum(ACTION_KINDS), target: z.string().max(200), to_screen: z.string().max(200) })).max(50),
      visible_text: z.string().max(5000),
    }),
  ),
});
type FrameAnswer = z.infer<typeof answerSchema>['frames'][number];

const INSTRUCTIONS = [
  'You analyse key frames of a screen recording of a website or mobile app demo, in the order they were recorded.',
  'For every frame, name the screen (page) it shows, describe it, list its visible UI elements and the user actions seen.',
  'Frames of the same screen get exactly the same screen_name, also across requests: reuse a name listed as already seen.',
  'Answer one entry per frame given, with its frame number.',
].join('\n');

/** Each attempt has two minutes: a batch carries several images. */
const SCREENS_TASK: ModelTask<z.infer<typeof answerSchema>> = {
  name: 'screens',
  instructions: INSTRUCTIONS,
  schema: answerSchema,
  jsonSchema: SCREENS_JSON_SCHEMA,
  timeoutMs: 120_000,
};

export function createOpenAiUnderstander(options: OpenAiUnderstanderOptions): ScreenUnderstander {
  const { client } = options;
  const batchSize = Math.max(1, options.batchSize ?? 8);

  async function ask(batch: KeyFrame[], numbers: number[], known: string[], signal: AbortSignal | undefined): Promise<FrameAnswer[]> {
    const content: ModelContentPart[] = [
      { type: 'text', text: known.length ? `Screens already seen: ${known.join('; ')}.` : 'No screens seen yet.' },
    ];
    for (const [i, frame] of batch.entries()) {
      const image = await fs.readFile(frame.imagePath);
      content.push({ type: 'text', text: `Frame ${numbers[i]} at ${frame.timeSec.toFixed(1)} s${frame.overlay ? ' (a dialog is open)' : ''}:` });
      content.push({ type: 'image_url', image_url: { url: `data:image/jpeg;base64,${image.toString('base64')}`, detail: 'low' } });
    }
    const answer = await client.structured(SCREENS_TASK, content, { signal, logFields: { frames: batch.length } });
    return answer.frames;
  }

  return {
    async understand(frames: KeyFrame[], understandOptions: UnderstandOptions = {}): Promise<FrameUnderstanding[]> {
      const { signal, onFrameDone, imagesWritten = [] } = understandOptions;
      await Promise.all(imagesWritten);
      const sent = sampleIndexes(frames.length, options.maxFrames);
      const understood = new Map<number, FrameUnderstanding>();
      const known: string[] = [];
      for (let start = 0; start < sent.length; start += batchSize) {
        signal?.throwIfAborted();
        const indexes = sent.slice(start, start + batchSize);
        const batch = indexes.map((index) => frames[index]).filter((frame): frame is KeyFrame => frame !== undefined);
        const numbers = indexes.map((index) => index + 1);
        const answers = await ask(batch, numbers, known, signal);
        for (const [i, index] of indexes.entries()) {
          const answer = answers.find((candidate) => candidate.frame === numbers[i]);
          const frame = batch[i];
          if (!answer || !frame) continue;
          understood.set(index, toUnderstanding(answer, frame));
          if (answer.screen_name.trim() && !known.includes(answer.screen_name.trim())) known.push(answer.screen_name.trim());
        }
        onFrameDone?.(Math.min(frames.length, Math.round(((start + indexes.length) / sent.length) * frames.length)), frames.length);
      }
      return frames.map((_frame, index) => understood.get(index) ?? nearest(understood, index));
    },
  };
}

/** At most max indexes of 0..count-1, spread evenly, first and last included. */
export function sampleIndexes(count: number, max: number): number[] {
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  if (max <= 1) return [0];
  const picked = new Set<number>();
  for (let i = 0; i < max; i += 1) picked.add(Math.round((i * (count - 1)) / (max - 1)));
  return [...picked].sort((a, b) => a - b);
}

function toUnderstanding(answer: FrameAnswer, frame: KeyFrame): FrameUnderstanding {
  const elements = answer.elements.filter((element) => element.label.trim()).map((element) => ({ kind: element.kind, label: element.label.trim() }));
  return {
    screenName: answer.screen_name.trim(),
    description: answer.description.trim(),
    elements,
    actions: answer.actions.map((action) => ({
      kind: action.kind,
      ...(action.target.trim() ? { target: action.target.trim() } : {}),
      ...(action.to_screen.trim() ? { toScreen: action.to_screen.trim() } : {}),
      atSec: frame.timeSec,
    })),
    words: wordsOf([answer.screen_name, answer.visible_text, ...elements.map((element) => element.label)].join(' ')),
  };
}

/** A frame not sent (or not answered) shows what the closest earlier answered frame showed; it adds no actions. */
function nearest(understood: Map<number, FrameUnderstanding>, index: number): FrameUnderstanding {
  const indexes = [...understood.keys()].sort((a, b) => a - b);
  const before = indexes.filter((candidate) => candidate < index).pop();
  const after = indexes.find((candidate) => candidate > index);
  const source = understood.get(before ?? after ?? -1);
  if (!source) return { screenName: '', description: '', elements: [], actions: [], words: [] };
  return { ...source, actions: [] };
}

function wordsOf(text: string): string[] {
  return Array.from(new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 2)));
}
