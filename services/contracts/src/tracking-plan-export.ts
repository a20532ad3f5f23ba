/**
 * Tracking plan exports (product-spec §9), one implementation for planning's GET /api/tracking-plans/{id}/export
 * and the web's Copy CSV / Download CSV / markdown download, so every path gives the same bytes. No zod here:
 * the web bundles this module. The formats are fixed here and by byte-for-byte tests:
 *
 * CSV (RFC 4180): the header `Event Trigger,Event Name,Property,Property Type,Example Property Value,Description,Screenshot Path`,
 * then one record per property (Description is the property's); an event without properties is one record with
 * empty Property, Property Type and Example Property Value cells and the event's description. Every record ends
 * with CRLF. A field holding a comma, a double quote, CR or LF is quoted and its quotes doubled. A field that a
 * spreadsheet would run as a formula (starting with =, +, @, a tab, or - before a non-digit) gets a leading '.
 *
 * Markdown:
 *   # {title}
 *
 *   Generated: {YYYY-MM-DD}          (UTC; the line and its blank line are left out without a date)
 *
 *   ## Events
 *
 *   ### {event name}
 *
 *   **Trigger:** {trigger}
 *
 *   **Screenshot:** ![{event name}]({screenshot path})     or     **Screenshot:** No image
 *
 *   | Property | Type | Required | PII | Example | Description |
 *   |---|---|---|---|---|---|
 *   | {name} | {type} | yes/no | yes/no | {example} | {description} |     or     No properties.
 *
 * A type reads 'enum (A | B)' with its allowed values and 'array of {item}' with its items' type, in both
 * formats; the CSV's Description says '(personal data)' where the markdown has its PII column.
 *
 *   ## Funnels                        (only when there are funnels)
 *
 *   ### {funnel name}
 *
 *   {description}
 *
 *   Steps: {step} → {step} → ...
 *
 * Blocks are separated by one blank line and the file ends with one LF. Table cells escape | and turn line
 * breaks into spaces; text outside tables has its line breaks turned into spaces.
 */
/**
 * Every format GET /api/tracking-plans/{id}/export writes: the product's own three (csv, md, json) and one per
 * tool analysts import plans into, each accepted by its tool as it is.
 */
export const TRACKING_PLAN_EXPORT_FORMATS = [
  'csv',
  'md',
  'json',
  'jsonschema',
  'segment',
  'amplitude',
  'mixpanel',
  'snowplow',
  'avo',
  'rudderstack',
  'typescript',
] as const;
export type TrackingPlanExportFormat = (typeof TRACKING_PLAN_EXPORT_FORMATS)[number];

/** The Download menu: what each format is called and, in one line, where its file goes. */
export const TRACKING_PLAN_EXPORT_TARGETS: Record<TrackingPlanExportFormat, { label: string; destination: string }> = {
  csv: { label: 'CSV', destination: 'Spreadsheets: one row per event property' },
  md: { label: 'Markdown', destination: 'Docs, wikis and pull requests' },
  json: { label: 'JSON', destination: 'The plan as Tracklens keeps it' },
  jsonschema: { label: 'JSON Schema', destination: 'One draft-07 schema per event, for any validator' },
  segment: { label: 'Segment', destination: 'Segment: Protocols → Tracking Plans → rules through the Public API' },
  amplitude: { label: 'Amplitude', destination: 'Amplitude Data: Events → Import from CSV' },
  mixpanel: { label: 'Mixpanel', destination: 'Mixpanel Lexicon: the Lexicon Schemas API' },
  snowplow: { label: 'Snowplow', destination: 'Snowplow: an Iglu static registry (igluctl lint, then publish)' },
  avo: { label: 'Avo', destination: 'Avo: Tracking Plan → Import events from CSV' },
  rudderstack: { label: 'RudderStack', destination: 'RudderStack: rudder-cli apply on a data catalog folder' },
  typescript: { label: 'TypeScript SDK', destination: 'Your codebase: a typed function per event' },
};

/**
 * The response header of an export listing, URI-encoded and one per line, the names its tool would take for one
 * (equal without case); the file still holds every event.
 */
export const EXPORT_WARNINGS_HEADER = 'X-Export-Warnings';

/** product-spec §9: the CSV columns, in this order. */
export const TRACKING_PLAN_CSV_COLUMNS = [
  'Event Trigger',
  'Event Name',
  'Property',
  'Property Type',
  'Example Property Value',
  'Description',
  'Screenshot Path',
] as const;

/** The smallest event shape the exports need: saved and legacy plans carry fewer fields than new ones. */
export interface ExportEvent {
  name: string;
  trigger: string;
  description?: string;
  screenshot_path?: string | null;
  properties: ExportProperty[];
}

export interface ExportProperty {
  name: string;
  type: string;
  description: string;
  example: string;
  required?: boolean;
  values?: readonly string[];
  items?: string;
  pii?: boolean;
}

/** A property's type as people read it: 'enum (Monthly | Annual)', 'array of string', 'string'. */
export function propertyTypeLabel(property: ExportProperty): string {
  if (property.type === 'enum' && property.values?.length) return `enum (${property.values.join(' | ')})`;
  if (property.type === 'array' && property.items) return `array of ${property.items}`;
  return property.type;
}

/** A property's description, saying when it holds personal data (whose examples are never real values). */
function propertyDescription(property: ExportProperty): string {
  return property.pii ? `${property.description} (personal data)`.trim() : property.description;
}

export function csvField(value: string): string {
  const safe = /^[=+@\t\r]|^-(?![\d.])/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(records: readonly (readonly string[])[]): string {
  return records.map((record) => `${record.map(csvField).join(',')}\r\n`).join('');
}

export function trackingPlanCsv(events: readonly ExportEvent[]): string {
  const records: string[][] = [[...TRACKING_PLAN_CSV_COLUMNS]];
  for (const event of events) {
    const screenshot = event.screenshot_path ?? '';
    if (event.properties.length === 0) {
      records.push([event.trigger, event.name, '', '', '', event.description ?? '', screenshot]);
      continue;
    }
    for (const property of event.properties) {
      records.push([
        event.trigger,
        event.name,
        property.name,
        propertyTypeLabel(property),
        property.example,
        propertyDescription(property),
        screenshot,
      ]);
    }
  }
  return toCsv(records);
}

export interface ExportFunnel {
  name: string;
  description: string;
  steps: string[];
}

export interface MarkdownPlan {
  title: string;
  events: readonly ExportEvent[];
  funnels: readonly ExportFunnel[];
  /** When the plan was generated; null leaves the Generated line out. */
  generatedAt: Date | null;
}

export function trackingPlanMarkdown(plan: MarkdownPlan): string {
  const blocks: string[] = [`# ${inline(plan.title)}`];
  if (plan.generatedAt) blocks.push(`Generated: ${plan.generatedAt.toISOString().slice(0, 10)}`);
  blocks.push('## Events');
  for (const event of plan.events) {
    blocks.push(`### ${inline(event.name)}`);
    blocks.push(`**Trigger:** ${inline(event.trigger)}`);
    blocks.push(
      event.screenshot_path
        ? `**Screenshot:** ![${altText(event.name)}](${linkTarget(event.screenshot_path)})`
        : '**Screenshot:** No image',
    );
    blocks.push(event.properties.length > 0 ? propertiesTable(event.properties) : 'No properties.');
  }
  if (plan.funnels.length > 0) {
    blocks.push('## Funnels');
    for (const funnel of plan.funnels) {
      blocks.push(`### ${inline(funnel.name)}`);
      if (funnel.description.trim()) blocks.push(inline(funnel.description));
      blocks.push(`Steps: ${funnel.steps.map(inline).join(' → ')}`);
    }
  }
  return `${blocks.join('\n\n')}\n`;
}

function propertiesTable(properties: readonly ExportProperty[]): string {
  const rows = properties.map(
    (p) =>
      `| ${cell(p.name)} | ${cell(propertyTypeLabel(p))} | ${p.required ? 'yes' : 'no'} | ${p.pii ? 'yes' : 'no'} | ${cell(p.example)} | ${cell(p.description)} |`,
  );
  return ['| Property | Type | Required | PII | Example | Description |', '|---|---|---|---|---|---|', ...rows].join(
    '\n',
  );
}

function inline(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

function cell(text: string): string {
  return inline(text).replace(/\|/g, '\\|');
}

function altText(text: string): string {
  return inline(text).replace(/[[\]]/g, '');
}

/** Parentheses and spaces would end a markdown link target early. */
function linkTarget(path: string): string {
  return path.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/ /g, '%20');
}

/** product-spec §9: the lower-cased title with non-alphanumerics as underscores, plus _tracking_plan.md. */
export function markdownFileName(title: string): string {
  // A title that already ends in "Tracking Plan" does not say it twice.
  const base = safeFileName(title).replace(/_tracking_plan$/, '');
  return `${base}_tracking_plan.md`;
}

/** product-spec §5: lower-cased, with every non-alphanumeric character replaced by an underscore. */
export function safeFileName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '_');
}

/** product-spec §9: tracking_plan_{timestamp}.csv (and .json), the timestamp in milliseconds. */
export function timestampedFileName(at: Date, extension: 'csv' | 'json'): string {
  return `tracking_plan_${at.getTime()}.${extension}`;
}
