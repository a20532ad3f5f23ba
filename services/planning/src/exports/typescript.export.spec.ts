import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { RFC_3339, strictAjv } from '../testing/ajv';
import { aProperty, anEvent, EXPORT_PLANS, exportInput, planOf } from '../testing/export-plans';
import { golden } from '../testing/golden';
import { examplePayload, withoutRequired, withWrongType } from '../testing/schema-payloads';
import { eventSchema, PII_KEYWORD } from './event-schema';
import type { ExportablePlan } from './export-file';
import { camelId } from './names';
import { typescriptExport } from './typescript.export';

/** What a generated file exports, as the tests call it once transpiled. */
interface SdkModule {
  createTracker(
    transport: Transport,
    options?: { validate?: boolean; onViolation?: ViolationHandler },
  ): Tracker;
}
type Transport = { track(event: string, properties: Record<string, unknown>): void | Promise<void> };
type Violation = { instancePath: string; message: string };
type ViolationHandler = (event: string, violations: Violation[], properties: Record<string, unknown>) => void;
type Tracker = Record<string, (properties?: Record<string, unknown>) => void | Promise<void>>;

/** Every check tsc has that a strict project turns on, and no @types: the file must need nothing but its libs. */
const STRICT: ts.CompilerOptions = {
  strict: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  noImplicitReturns: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  erasableSyntaxOnly: true,
  target: ts.ScriptTarget.ES2017,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2017.d.ts', 'lib.dom.d.ts'],
  types: [],
  noEmit: true,
  // The libs' own .d.ts need no checking here; the generated .ts files are checked in full.
  skipLibCheck: true,
};

/** One compiler host for every program, so lib.dom.d.ts is parsed once rather than per test. */
const HOST = cachingLibFiles(ts.createCompilerHost(STRICT));

function cachingLibFiles(host: ts.CompilerHost): ts.CompilerHost {
  const libDir = host.getDefaultLibLocation?.();
  const libs = new Map<string, ts.SourceFile | undefined>();
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, ...rest) => {
    if (!libDir || !fileName.startsWith(libDir)) return read(fileName, ...rest);
    if (!libs.has(fileName)) libs.set(fileName, read(fileName, ...rest));
    return libs.get(fileName);
  };
  return host;
}

function sdkOf(plan: ExportablePlan): string {
  return String(typescriptExport(exportInput(plan)).body);
}

/** tsc's diagnostics for the generated file beside a usage file that imports it as './tracking'. */
function diagnostics(sdk: string, usage = ''): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklens-sdk-'));
  try {
    fs.writeFileSync(path.join(dir, 'tracking.ts'), sdk);
    fs.writeFileSync(path.join(dir, 'usage.ts'), usage || 'export {};\n');
    const program = ts.createProgram(
      [path.join(dir, 'tracking.ts'), path.join(dir, 'usage.ts')],
      STRICT,
      HOST,
    );
    return ts
      .getPreEmitDiagnostics(program)
      .map(
        (diagnostic) =>
          `${where(diagnostic)}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
      );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** 'tracking.ts:12 ' for a diagnostic in a file, nothing for one about the options. */
function where({ file, start }: ts.Diagnostic): string {
  if (!file || start === undefined) return '';
  return `${path.basename(file.fileName)}:${file.getLineAndCharacterOfPosition(start).line + 1} `;
}

/** The generated file as it runs once a bundler has stripped its types. */
function load(sdk: string): SdkModule {
  const { outputText } = ts.transpileModule(sdk, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
  });
  const module = { exports: {} };
  // Made in the test's own realm, so the file's `console` is the one jest spies on.
  const run = new Function('module', 'exports', outputText) as (
    module: { exports: object },
    exports: object,
  ) => void;
  run(module, module.exports);
  return module.exports as SdkModule;
}

function recorder(): { transport: Transport; calls: Array<[string, Record<string, unknown>]> } {
  const calls: Array<[string, Record<string, unknown>]> = [];
  return { transport: { track: (event, properties) => void calls.push([event, properties]) }, calls };
}

const SHOP_USAGE = `import { createTracker, type TrackingTransport } from './tracking';

const transport: TrackingTransport = { track: () => undefined };
const tracker = createTracker(transport, { validate: true, onViolation: (event, violations) => console.log(event, violations) });

void tracker.orderCompleted({ order_id: 'NW-48213', total: 143.5, completed_at: '2026-03-04T10:12:00Z' });
void tracker.productAdded({ product_id: 'sku_1042', size: 'XL', quantity: 1, price: 68 });
void tracker.checkoutStarted({ order_id: 'NW-48213', value: 136, products: ['sku_1042', 'sku_2210'] });

// @ts-expect-error total is required
void tracker.orderCompleted({ order_id: 'NW-48213', completed_at: '2026-03-04T10:12:00Z' });
// @ts-expect-error JPY is not one of the plan's currencies
void tracker.productViewed({ product_id: 'sku_1042', name: 'Linen Overshirt', price: 68, currency: 'JPY' });
// @ts-expect-error price is a number, not text
void tracker.productViewed({ product_id: 'sku_1042', name: 'Linen Overshirt', price: '68.00', currency: 'USD' });
// @ts-expect-error products are ids, not numbers
void tracker.checkoutStarted({ order_id: 'NW-48213', value: 136, products: [1042] });
// @ts-expect-error discount is not in the plan
void tracker.orderCompleted({ order_id: 'NW-48213', total: 143.5, completed_at: '2026-03-04T10:12:00Z', discount: 5 });
// @ts-expect-error an optional property is left out, not given as undefined
void tracker.productAdded({ product_id: 'sku_1042', size: undefined, quantity: 1, price: 68 });
// @ts-expect-error no such event
void tracker.orderRefunded({});
`;

describe(typescriptExport.name, () => {
  it.each(Object.entries(EXPORT_PLANS))(
    'should write the %s plan byte for byte as its golden file',
    (name, plan) => {
      const file = typescriptExport(exportInput(plan));

      expect(file.body).toBe(golden(`${name}.tracking.ts.txt`, file.body).toString('utf8'));
      expect(file.warnings).toEqual([]);
    },
  );

  it('should name a text file tracking.ts after the plan', () => {
    const file = typescriptExport(exportInput(EXPORT_PLANS.shop));

    expect(file.fileName).toBe('northwind_goods_tracking.ts');
    expect(file.contentType).toBe('text/plain; charset=utf-8');
  });

  it.each(Object.entries(EXPORT_PLANS))(
    'should compile the %s SDK and the call its header shows under strict tsc with no @types',
    (_name, plan) => {
      const sdk = sdkOf(plan);
      const call = /^ \* {3}(tracker\..*;)$/m.exec(sdk)?.[1];

      expect(call).toBeDefined();
      expect(
        diagnostics(
          sdk,
          `import { createTracker } from './tracking';\nconst tracker = createTracker({ track: () => undefined });\n${call}\n`,
        ),
      ).toEqual([]);
    },
  );

  it('should refuse at compile time a missing required property, a value outside an enum and a wrong type', () => {
    // Each @ts-expect-error that finds no error is itself an error, so none at all proves every one failed.
    expect(diagnostics(sdkOf(EXPORT_PLANS.shop), SHOP_USAGE)).toEqual([]);
  });

  it('should call the transport with the display name and the properties as given', () => {
    const { transport, calls } = recorder();
    const tracker = load(sdkOf(EXPORT_PLANS.shop)).createTracker(transport);
    const properties = { order_id: 'NW-48213', total: 143.5, completed_at: '2026-03-04T10:12:00Z' };

    tracker.orderCompleted?.(properties);

    expect(calls).toEqual([['Order Completed', properties]]);
    expect(calls[0]?.[1]).not.toBe(properties);
  });

  it('should send an event without properties with an empty object', () => {
    const { transport, calls } = recorder();

    load(sdkOf(EXPORT_PLANS.saas)).createTracker(transport).dashboardViewed?.();

    expect(calls).toEqual([['Dashboard Viewed', {}]]);
  });

  it("should return the transport's promise so a caller can await the send", async () => {
    const tracker = load(sdkOf(EXPORT_PLANS.saas)).createTracker({ track: () => Promise.resolve() });

    await expect(tracker.dashboardViewed?.()).resolves.toBeUndefined();
  });

  it('should report a wrong-typed property through onViolation and still send the call when validating', () => {
    const { transport, calls } = recorder();
    const onViolation = jest.fn<void, Parameters<ViolationHandler>>();
    const tracker = load(sdkOf(EXPORT_PLANS.shop)).createTracker(transport, { validate: true, onViolation });
    const properties = { order_id: 'NW-48213', total: '143.50', completed_at: '2026-03-04T10:12:00Z' };

    tracker.orderCompleted?.(properties);

    expect(onViolation).toHaveBeenCalledWith(
      'Order Completed',
      [{ instancePath: '/total', message: 'must be number' }],
      properties,
    );
    expect(calls).toEqual([['Order Completed', properties]]);
  });

  it('should report every way a call breaks its schema, as ajv names them', () => {
    const onViolation = jest.fn<void, Parameters<ViolationHandler>>();
    const tracker = load(sdkOf(EXPORT_PLANS.shop)).createTracker(recorder().transport, {
      validate: true,
      onViolation,
    });

    tracker.checkoutStarted?.({ value: 136, products: ['sku_1042', 2210], coupon: 'SPRING10' });
    tracker.productViewed?.({ product_id: 'sku_1042', name: 'Linen Overshirt', price: 68, currency: 'JPY' });
    tracker.orderCompleted?.({ order_id: 'NW-48213', total: 143.5, completed_at: 'yesterday' });

    expect(onViolation.mock.calls.map(([eventName, violations]) => [eventName, violations])).toEqual([
      [
        'Checkout Started',
        [
          { instancePath: '', message: "must have required property 'order_id'" },
          { instancePath: '/products/1', message: 'must be string' },
          { instancePath: '', message: "must NOT have additional property 'coupon'" },
        ],
      ],
      [
        'Product Viewed',
        [{ instancePath: '/currency', message: 'must be equal to one of the allowed values: USD, EUR, GBP' }],
      ],
      ['Order Completed', [{ instancePath: '/completed_at', message: 'must match format "date-time"' }]],
    ]);
  });

  it('should warn on the console by default when validating', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const tracker = load(sdkOf(EXPORT_PLANS.saas)).createTracker(recorder().transport, { validate: true });

      tracker.signedIn?.({ method: 'Passkey' });

      expect(warn).toHaveBeenCalledWith("Tracking call 'Signed In' does not match the tracking plan", [
        {
          instancePath: '/method',
          message: 'must be equal to one of the allowed values: Password, Google, SSO',
        },
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it('should not check calls unless asked to', () => {
    const onViolation = jest.fn<void, Parameters<ViolationHandler>>();
    const tracker = load(sdkOf(EXPORT_PLANS.saas)).createTracker(recorder().transport, { onViolation });

    tracker.signedIn?.({ method: 'Passkey' });

    expect(onViolation).not.toHaveBeenCalled();
  });

  describe('its validator, against ajv on the JSON Schema export', () => {
    // Date-times checked by their shape alone, as the generated validator checks them.
    const ajv = strictAjv([PII_KEYWORD], RFC_3339);
    const cases = Object.values(EXPORT_PLANS).flatMap((plan) =>
      plan.content.events.map((planEvent) => ({
        plan,
        planEvent,
        name: planEvent.name,
        schema: eventSchema(planEvent),
      })),
    );

    it.each(cases)(
      'should judge $name as ajv does: its examples, a wrong type, a required or an extra property',
      ({ plan, planEvent, schema }) => {
        const onViolation = jest.fn<void, Parameters<ViolationHandler>>();
        const tracker = load(sdkOf(plan)).createTracker(recorder().transport, {
          validate: true,
          onViolation,
        });
        const valid = examplePayload(schema);
        // A method without properties takes no argument and sends {}: there is nothing extra to judge.
        const extra =
          Object.keys(schema.properties).length > 0 ? { ...valid, not_in_the_plan: true } : undefined;
        const payloads = [valid, withWrongType(schema, valid), withoutRequired(schema, valid), extra].filter(
          (payload) => payload !== undefined,
        );

        const verdicts = payloads.map((payload) => {
          onViolation.mockClear();
          tracker[camelId(planEvent.name)]?.(payload);
          return onViolation.mock.calls.length === 0;
        });

        expect(verdicts).toEqual(payloads.map((payload) => ajv.validate(schema, payload)));
        expect(verdicts[0]).toBe(true);
      },
    );
  });

  it('should number the methods of events whose names collide, warn, and still compile', () => {
    const plan = planOf([
      anEvent('Sign Up'),
      anEvent('Sign-up', [aProperty('email', { required: true })]),
      anEvent('Sign Up 2'),
      anEvent('Sign Up'),
    ]);
    const file = typescriptExport(exportInput(plan));
    const sdk = String(file.body);

    expect(file.warnings).toEqual([
      "Events 'Sign Up' and 'Sign-up' become the same name 'signUp'",
      "Event 'Sign-up' is tracked by signUp3() with SignUp3Properties",
      "Event 'Sign Up' is tracked by signUp4() with SignUp4Properties",
    ]);
    expect(sdk).toContain("signUp3: (properties) => send('Sign-up', 'signUp3', { ...properties }),");
    expect(sdk).toContain('export interface SignUp3Properties {');
    expect(sdk).toContain("signUp2: () => send('Sign Up 2', 'signUp2', {}),");
    expect(diagnostics(sdk)).toEqual([]);
  });

  it('should compile a plan without events', () => {
    expect(diagnostics(sdkOf(planOf([])))).toEqual([]);
  });

  it('should keep names and text that TypeScript would misread as they are', () => {
    const plan = planOf([
      anEvent(
        "Bob's \\ Report */ Exported",
        [
          aProperty('file name', {
            description: 'Ends a comment */ here',
            type: 'enum',
            values: ["O'Brien", 'a\\b'],
            required: true,
          }),
          aProperty('__proto__', { required: false }),
          aProperty('2fa', { type: 'array', items: 'number', required: false }),
        ],
        { description: 'Line one\nline two */' },
      ),
    ]);
    const sdk = sdkOf(plan);
    const { transport, calls } = recorder();
    const onViolation = jest.fn<void, Parameters<ViolationHandler>>();
    const tracker = load(sdk).createTracker(transport, { validate: true, onViolation });

    tracker.bobSReportExported?.({ 'file name': "O'Brien", '2fa': [1, 2] });

    expect(diagnostics(sdk)).toEqual([]);
    expect(calls).toEqual([["Bob's \\ Report */ Exported", { 'file name': "O'Brien", '2fa': [1, 2] }]]);
    expect(onViolation).not.toHaveBeenCalled();
  });
});
