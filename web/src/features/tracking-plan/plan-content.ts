/**
 * Reading tracking plan content in every form it is stored in (product-spec §3): generated plans
 * ({events, funnels}), saved plans ({title, events}, with description/category/required extras), chat tables
 * (properties as comma-separated text) and legacy flat rows (eventTrigger, eventName, property, ...).
 * Anything unreadable is dropped rather than trusted: the content is someone's JSON.
 */
import type { ExportEvent, ExportFunnel, ExportProperty } from '@tracklens/contracts';

export interface PlanProperty extends ExportProperty {
  required: boolean;
}

/** A moment of the video where the event was seen: when, and the frame that shows it. */
export interface PlanEvidence {
  videoId: string;
  atSec: number;
  screenshot_path: string;
}

export interface PlanEvent extends ExportEvent {
  description: string;
  category?: string;
  screenshot_path: string | null;
  properties: PlanProperty[];
  /** Earliest first; absent in plans made before evidence was recorded. */
  evidence?: PlanEvidence[];
}

export type PlanFunnel = ExportFunnel;

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function firstText(record: Json, ...keys: string[]): string {
  for (const key of keys) {
    const value = text(record[key]);
    if (value !== '') return value;
  }
  return '';
}

function toProperty(raw: unknown): PlanProperty | null {
  if (typeof raw === 'string') {
    const name = raw.trim();
    return name ? { name, type: 'string', description: '', example: '', required: false } : null;
  }
  if (!isRecord(raw)) return null;
  const name = firstText(raw, 'name', 'property');
  if (!name) return null;
  const property: PlanProperty = {
    name,
    // product-spec §3: the property type defaults to string.
    type: firstText(raw, 'type', 'propertyType') || 'string',
    description: firstText(raw, 'description'),
    example: firstText(raw, 'example', 'examplePropertyValue', 'example_value'),
    required: raw.required === true,
  };
  const values = Array.isArray(raw.values) ? raw.values.map(text).filter(Boolean) : [];
  if (values.length > 0) property.values = values;
  const items = text(raw.items);
  if (items) property.items = items;
  if (raw.pii === true) property.pii = true;
  return property;
}

function toProperties(raw: unknown): PlanProperty[] {
  const list = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : [];
  return list.map(toProperty).filter((property): property is PlanProperty => property !== null);
}

function toEvent(raw: unknown): PlanEvent | null {
  if (!isRecord(raw)) return null;
  const name = firstText(raw, 'name', 'eventName', 'event_name');
  if (!name) return null;
  const description = firstText(raw, 'description');
  const screenshot = firstText(raw, 'screenshot_path', 'screenshotPath');
  const event: PlanEvent = {
    name,
    // product-spec §3: the trigger falls back to the description.
    trigger: firstText(raw, 'trigger', 'eventTrigger', 'event_trigger') || description,
    description,
    screenshot_path: screenshot || null,
    properties: toProperties(raw.properties),
  };
  const category = firstText(raw, 'category');
  if (category) event.category = category;
  const evidence = toEvidence(raw.evidence);
  if (evidence.length > 0) event.evidence = evidence;
  return event;
}

/** Moments with a time and a frame; anything else is left out. */
function toEvidence(raw: unknown): PlanEvidence[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).flatMap((moment) => {
    const atSec = moment.atSec;
    const path = text(moment.screenshot_path);
    if (typeof atSec !== 'number' || !Number.isFinite(atSec) || atSec < 0 || !path) return [];
    return [{ videoId: text(moment.videoId), atSec, screenshot_path: path }];
  });
}

/** A moment of the video as people say it: 42 → '0:42', 3725 → '1:02:05'. */
export function videoTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** Legacy flat rows, one per property: consecutive rows of one event become that event. */
function fromFlatRows(rows: Json[]): PlanEvent[] {
  const events: PlanEvent[] = [];
  for (const row of rows) {
    const name = firstText(row, 'eventName');
    if (!name) continue;
    let event = events.at(-1);
    if (!event || event.name !== name) {
      event = {
        name,
        trigger: firstText(row, 'eventTrigger'),
        description: '',
        screenshot_path: firstText(row, 'screenshotPath') || null,
        properties: [],
      };
      events.push(event);
    }
    const property = toProperty({
      name: firstText(row, 'property'),
      type: firstText(row, 'propertyType'),
      description: firstText(row, 'description'),
      example: firstText(row, 'examplePropertyValue'),
    });
    if (property) event.properties.push(property);
    else if (!event.description) event.description = firstText(row, 'description');
  }
  return events;
}

function eventList(content: unknown): unknown[] {
  if (Array.isArray(content)) return content;
  if (!isRecord(content)) return [];
  if (Array.isArray(content.events)) return content.events;
  if (isRecord(content.tracking_plan)) return eventList(content.tracking_plan);
  return [];
}

/** The events of plan content given as a value or as JSON text; [] when there are none. */
export function eventsOf(content: unknown): PlanEvent[] {
  const value = parseMaybeJson(content);
  const list = eventList(value);
  if (list.some((row) => isRecord(row) && 'eventName' in row && !('name' in row)))
    return fromFlatRows(list.filter(isRecord));
  return list.map(toEvent).filter((event): event is PlanEvent => event !== null);
}

export function funnelsOf(content: unknown): PlanFunnel[] {
  const value = parseMaybeJson(content);
  if (!isRecord(value) || !Array.isArray(value.funnels)) return [];
  return value.funnels.filter(isRecord).map((funnel) => ({
    name: firstText(funnel, 'name'),
    description: firstText(funnel, 'description'),
    steps: Array.isArray(funnel.steps) ? funnel.steps.map(text).filter(Boolean) : [],
  }));
}

export function parseMaybeJson(content: unknown): unknown {
  if (typeof content !== 'string') return content;
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return content;
  }
}

/**
 * product-spec §7: screenshots are served by the image proxy /api/images/{path}. A bare storage key is put
 * behind it; anything that is neither a same-origin path nor http(s) is too, so it can never run as a URL.
 */
export function screenshotUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (path.startsWith('/') && !path.startsWith('//')) return path;
  if (/^https?:\/\//i.test(path)) return path;
  return `/api/images/${path.replace(/^\/+/, '')}`;
}
