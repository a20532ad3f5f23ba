/**
 * The offline strategist on three realistic products (a shop and a SaaS app on the web, a food delivery app on
 * phones) whose plans planning's own offline generator wrote, and on the same products with the plans saved
 * before it followed Segment's page()/screen() convention: answers grounded in each product's plan, different
 * per question and per product, the same for the same question, and fast on a 20-screen product.
 */
import type { AnalyticsStrategy, StrategyMetric, TrackingPlanContent } from '@tracklens/contracts';
import { analyticsStrategySchema } from '@tracklens/contracts';
import type { StrategyContext } from '../src/domain/strategist';
import { groundStrategy } from '../src/strategy/grounding';
import { answerOffline, offlineStrategist } from '../src/strategy/offline-strategist';
import { FIXTURE_NAMES, LEGACY_FIXTURE_NAMES, fixtureContext, type FixtureName } from './fixtures';

const isSaas = (name: FixtureName) => name === 'saas' || name === 'legacy-saas';

/** The five questions every product must answer well, in that product's own words for its funnel. */
function questionsFor(name: FixtureName) {
  return {
    kpis: 'Which KPIs should I watch?',
    northStar: 'What should my north star metric be?',
    dropOff: isSaas(name) ? 'How do I measure onboarding drop-off?' : 'How do I measure checkout drop-off?',
    dashboard: 'What should my weekly dashboard show?',
    heart: 'How do I measure engagement and task success?',
  };
}

const RETENTION = 'How many users come back after their first week?';
const ACTIVATION = 'How do I know if new users activate?';

function ask(context: StrategyContext, message: string, history = ''): AnalyticsStrategy {
  return answerOffline(context, { message, history });
}

function thread(...turns: Array<[string, AnalyticsStrategy]>): string {
  return turns.map(([question, answer]) => `user: ${question}\nassistant: ${answer.text}`).join('\n');
}

const ACTION_ENDINGS = /(ed|Sent|Shown|Paid|Seen|Done|Made|Opened|Set)$/;
/** A screen a shared view is filtered to ("page_name = 'Order Confirmation'"): a property's value, not an event. */
const VIEW_FILTER = /\b(page|screen)_name = '[^']*'/g;

/** A funnel step as a metric names it, without the screen of a shared view: the plan funnel's step. */
function stepName(label: string | undefined): string | undefined {
  return label?.replace(/ \((page|screen)_name = '[^']*'\)$/, '');
}

/**
 * Every name in `text` that reads like an event: quoted Title Case names, and runs of capitalised words that
 * end in an action ('Checkout Started', 'Count Order Completed').
 */
function eventLikeNames(raw: string): string[] {
  const text = raw.replace(VIEW_FILTER, '');
  const names: string[] = [];
  for (const found of text.matchAll(
    /(?<![A-Za-z])['"`‘“]([A-Z][A-Za-z0-9]*(?: [A-Z][A-Za-z0-9]*)+)['"`’”](?![A-Za-z])/g,
  ))
    names.push(found[1] ?? '');
  for (const found of text.matchAll(/\b[A-Z][A-Za-z0-9]*(?: [A-Z][A-Za-z0-9]*)+\b/g)) {
    const words = found[0].split(' ');
    if (ACTION_ENDINGS.test(words[words.length - 1] ?? '')) names.push(found[0]);
  }
  return names;
}

/** A run names a known event when it is one, or ends with one ('Count Order Completed'). */
function namesKnownEvent(name: string, known: Set<string>): boolean {
  const words = name.split(' ');
  for (let i = 0; i < words.length - 1 || (i === 0 && words.length === 1); i++) {
    if (known.has(words.slice(i).join(' '))) return true;
  }
  return known.has(name);
}

function expectGrounded(
  answer: AnalyticsStrategy,
  plan: TrackingPlanContent | null,
  screens: string[],
): void {
  expect(analyticsStrategySchema.parse(answer)).toEqual(answer);
  const planEvents = new Set(plan?.events.map((event) => event.name) ?? []);
  const allMissing = new Set(answer.table.flatMap((row) => row.missing_events));
  expect(answer.table.length).toBeGreaterThan(0);
  for (const row of answer.table) {
    for (const event of row.events) expect(planEvents).toContain(event);
    for (const event of row.missing_events) expect(planEvents.has(event)).toBe(false);
    if (row.missing_events.length > 0) {
      expect(row.measurable).toBe(false);
      expect(row.definition).toMatch(/Needs '.+' — add (it|them) to the plan\.$/);
      for (const event of row.missing_events) expect(row.definition).toContain(`'${event}'`);
    }
    expect(row.measurable).toBe(row.missing_events.length === 0 && row.events.length > 0);
    const rowKnown = new Set([...planEvents, ...row.missing_events]);
    for (const field of [row.formula, row.definition, row.metric_name, row.decision_insight]) {
      for (const name of eventLikeNames(field)) {
        if (!namesKnownEvent(name, rowKnown))
          throw new Error(`'${name}' in "${field}" is neither a plan event nor a missing event of the row`);
      }
    }
    expect(row.metric_name.startsWith(`${row.stage} · `)).toBe(true);
    if (row.screen !== null) {
      expect(screens).toContain(row.screen);
      expect(row.definition).toContain(`measured on the ${row.screen} screen`);
    } else expect(row.definition).toContain('product-wide');
    expect(row.decision_insight).toMatch(/baseline/i);
    expect(row.decision_insight).not.toMatch(/industry|benchmark|typical(ly)? (is|are)/i);
  }
  const textKnown = new Set([...planEvents, ...allMissing]);
  for (const name of eventLikeNames(answer.text)) {
    if (!namesKnownEvent(name, textKnown))
      throw new Error(`'${name}' in the text is neither a plan event nor a missing event`);
  }
  // Offline answers are already grounded: grounding them again changes nothing.
  expect(groundStrategy(answer, plan)).toEqual(answer);
}

function tableKey(answer: AnalyticsStrategy): string {
  return JSON.stringify(
    answer.table.map((row) => [row.metric_name, row.events, row.missing_events, row.window]),
  );
}

function isInOrder(path: Array<string | undefined>, steps: string[]): boolean {
  let at = -1;
  for (const step of path) {
    at = steps.indexOf(step ?? '', at + 1);
    if (at < 0) return false;
  }
  return true;
}

function rowNamed(answer: AnalyticsStrategy, pattern: RegExp): StrategyMetric | undefined {
  return answer.table.find((row) => pattern.test(row.metric_name));
}

describe('offline strategist quality', () => {
  describe.each([...FIXTURE_NAMES, ...LEGACY_FIXTURE_NAMES])('on the %s fixture', (name) => {
    const context = fixtureContext(name);
    const plan = context.plan?.content ?? null;
    const screens = context.analysis?.pageSpecs.map((spec) => spec.screenName) ?? [];
    const questions = questionsFor(name);
    const answers = Object.fromEntries(
      Object.entries(questions).map(([key, question]) => [key, ask(context, question)]),
    ) as Record<keyof typeof questions, AnalyticsStrategy>;

    it('should ground every answer in the plan: plan events in its spelling, or missing events on rows that are not measurable', () => {
      for (const question of [...Object.values(questions), RETENTION, ACTIVATION])
        expectGrounded(ask(context, question), plan, screens);
    });

    it('should recognise each question and answer each with a different table', () => {
      expect(Object.values(answers).map((answer) => answer.intent)).toEqual([
        'kpis',
        'north_star',
        'funnel',
        'dashboard',
        'heart',
      ]);
      const tables = Object.values(answers).map(tableKey);
      expect(new Set(tables).size).toBe(tables.length);
      expect(ask(context, RETENTION).intent).toBe('retention');
      expect(ask(context, ACTIVATION).intent).toBe('activation');
    });

    it('should give the same answer to the same question', async () => {
      for (const question of Object.values(questions)) {
        const again = await offlineStrategist.answer(
          context,
          { message: question, history: '' },
          { signal: new AbortController().signal },
        );
        expect(again).toEqual(ask(context, question));
      }
    });

    it('should compute most of its KPIs from the plan and write markdown grounded in the product', () => {
      const { kpis } = answers;
      expect(kpis.source).toBe('offline');
      expect(kpis.table.filter((row) => row.measurable).length).toBeGreaterThanOrEqual(
        Math.ceil(kpis.table.length / 2),
      );
      expect(kpis.text).toMatch(/^## /);
      expect(kpis.text).toContain(context.product.name);
      expect(kpis.text).toContain(context.analysis?.pageSpecs[0]?.screenName ?? '');
      expect(kpis.text).toContain('**Next steps**');
      for (const answer of Object.values(answers)) {
        for (const row of answer.table) {
          expect(answer.text).not.toContain(row.definition);
          expect(answer.text).not.toContain(row.formula);
        }
      }
    });

    it('should lead the north-star answer with one North Star and its inputs', () => {
      const stages = answers.northStar.table.map((row) => row.stage);
      expect(stages[0]).toBe('North Star');
      expect(stages.slice(1).length).toBeGreaterThanOrEqual(3);
      expect(new Set(stages.slice(1))).toEqual(new Set(['Input']));
    });

    it("should measure the drop-off as the plan funnel's steps, each step's conversion a row", () => {
      const { dropOff } = answers;
      const steps = dropOff.table.filter((row) =>
        /^[^·]+· Step \d+ → \d+ conversion: /.test(row.metric_name),
      );
      expect(steps.length).toBeGreaterThanOrEqual(2);
      const names = steps.map(
        (row) => /: (.+) → (.+)$/.exec(row.metric_name)?.slice(1, 3).map(stepName) ?? [],
      );
      const path = [names[0]?.[0], ...names.map((pair) => pair[1])];
      // In the plan funnel's order (a long funnel may leave out a generic click between two steps).
      expect(plan?.funnels.some((funnel) => isInOrder(path, funnel.steps))).toBe(true);
      for (const row of steps) {
        expect(row.measurable).toBe(true);
        expect(row.definition).toContain('drop-off is 1 minus this rate');
      }
      if (name === 'saas') expect(path).toEqual(expect.arrayContaining(['Signed Up', 'Account Created']));
      else if (name === 'legacy-saas')
        expect(path).toEqual(expect.arrayContaining(['Account Created', 'Workspace Created']));
      else expect(path).toEqual(expect.arrayContaining(['Checkout Started', 'Order Completed']));
      expect(dropOff.text).toContain('**Steps**');
    });

    it('should lay the weekly dashboard out in sections', () => {
      const { dashboard } = answers;
      expect(dashboard.text).toContain('| Section | Metrics | Chart |');
      expect(dashboard.text).toMatch(/\| Headline \|/);
      expect(dashboard.text).toMatch(/\| Retention \|/);
      expect(dashboard.table.find((row) => row.stage === 'North Star')?.window).toBe('weekly');
    });

    it('should answer engagement and task success with those HEART dimensions only', () => {
      const stages = new Set(answers.heart.table.map((row) => row.stage));
      expect(stages).toEqual(new Set(['Engagement', 'Task Success']));
      expect(answers.heart.text).toContain('HEART');
    });

    it('should follow up on the previous answer through the history', () => {
      const dropOff = answers.dropOff;
      const history = thread([questions.dropOff, dropOff]);

      const retention = ask(context, 'What about retention for these?', history);
      expectGrounded(retention, plan, screens);
      expect(retention.intent).toBe('retention');
      const lastStep = stepName(
        /→ ([^→]+)$/.exec(
          dropOff.table.filter((row) => / Step /.test(row.metric_name)).pop()?.metric_name ?? '',
        )?.[1],
      );
      expect(retention.table[0]?.events).toContain(lastStep);

      const second = ask(context, 'explain the second one', history);
      expectGrounded(second, plan, screens);
      expect(second.intent).toBe('explain');
      expect(second.table).toEqual([dropOff.table[1]]);
      expect(second.text).toContain('**How to compute it:**');

      const kpisHistory = thread([questions.kpis, answers.kpis]);
      const monthly = ask(context, 'make it monthly', kpisHistory);
      expectGrounded(monthly, plan, screens);
      expect(monthly.intent).toBe('kpis');
      expect(tableKey(monthly)).not.toBe(tableKey(answers.kpis));
      expect(monthly.table[0]?.window).toBe('monthly');
      expect(monthly.text).toContain('reported monthly');
    });

    it('should make every row not measurable, naming the events to add, when the product has no plan', () => {
      const noPlan = { ...context, plan: null };
      for (const question of [...Object.values(questions), RETENTION, ACTIVATION]) {
        const answer = ask(noPlan, question);
        expectGrounded(answer, null, screens);
        for (const row of answer.table) {
          expect(row.measurable).toBe(false);
          expect(row.events).toEqual([]);
          expect(row.missing_events.length).toBeGreaterThan(0);
        }
        expect(answer.text).toContain('no tracking plan yet');
      }
    });

    it('should still answer from the plan alone when there is no analysis', () => {
      const noAnalysis = { ...context, analysis: null };
      for (const question of Object.values(questions)) {
        const answer = ask(noAnalysis, question);
        // Screens are the plan's views of one screen each, or the screens its shared view lists.
        const planScreens =
          context.plan?.content.events
            .filter((e) => e.category === 'page_view')
            .flatMap((e) => {
              const where = e.properties.find((p) => p.name === 'screen_name' || p.name === 'page_name');
              const listed = /e\.g\. (.+)$/.exec(where?.description ?? '')?.[1]?.split(', ') ?? [];
              return [where?.example ?? '', ...listed];
            }) ?? [];
        expectGrounded(answer, plan, planScreens);
        expect(answer.table.some((row) => row.measurable)).toBe(true);
      }
    });
  });

  describe('products that differ', () => {
    const shop = fixtureContext('shop');
    const saas = fixtureContext('saas');
    const app = fixtureContext('app');

    it('should answer the same question differently for different products', () => {
      for (const question of [
        'Which KPIs should I watch?',
        'What should my north star metric be?',
        'What should my weekly dashboard show?',
      ]) {
        const tables = [shop, saas, app].map((context) => tableKey(ask(context, question)));
        expect(new Set(tables).size).toBe(3);
      }
    });

    it('should measure a mobile app by app users, stickiness and day-N retention, and a website by visitors', () => {
      const appKpis = ask(app, 'Which KPIs should I watch?');
      expect(rowNamed(appKpis, /DAU\/MAU stickiness/)?.events).toEqual(['Application Opened']);
      expect(rowNamed(appKpis, /Day-7 retention/)?.events).toEqual(['Application Opened', 'Signed Up']);
      expect(rowNamed(appKpis, /installs/)).toMatchObject({
        events: ['Application Installed'],
        measurable: true,
      });
      expect(rowNamed(appKpis, /visitors/i)).toBeUndefined();

      const shopKpis = ask(shop, 'Which KPIs should I watch?');
      expect(rowNamed(shopKpis, /Weekly visitors/)).toMatchObject({
        events: ['Page Viewed'],
        formula: "unique users with 'Page Viewed'",
        screen: null,
      });
      expect(rowNamed(shopKpis, /stickiness|Day-\d+ retention|installs/)).toBeUndefined();

      const appEngagement = ask(app, 'How do I measure engagement and task success?');
      expect(rowNamed(appEngagement, /App opens per active user/)).toMatchObject({
        events: ['Application Opened'],
        measurable: true,
      });
    });

    it("should stop asking for an app's lifecycle events once its plan has them, and ask for them while it has not", () => {
      const legacyApp = fixtureContext('legacy-app');
      for (const question of [
        'Which KPIs should I watch?',
        'How many users come back after their first week?',
      ]) {
        const answer = ask(app, question);
        expect(answer.table.flatMap((row) => row.missing_events)).not.toContain('Application Opened');
        expect(answer.table.flatMap((row) => row.missing_events)).not.toContain('Application Installed');
        expect(answer.text).not.toMatch(/Add 'Application (Opened|Installed)'/);
      }
      const legacyKpis = ask(legacyApp, 'Which KPIs should I watch?');
      expect(rowNamed(legacyKpis, /installs/)?.missing_events).toEqual(['Application Installed']);
      expect(legacyKpis.text).toContain("Add 'Application Installed' to the plan");
      expect(
        rowNamed(ask(legacyApp, 'How do I measure engagement and task success?'), /App opens per active user/)
          ?.missing_events,
      ).toEqual(['Application Opened']);
    });

    it('should name the spec view of a screen, else the page view filtered to that screen, with the screen it is measured on', () => {
      const checkout = ask(shop, 'How do I measure checkout drop-off?');
      expect(rowNamed(checkout, /Step \d → \d conversion: Cart Viewed → Checkout Started/)).toMatchObject({
        events: ['Checkout Started', 'Cart Viewed'],
        screen: 'Cart',
        measurable: true,
      });
      expect(rowNamed(checkout, /Error rate on the Checkout screen/)).toMatchObject({
        events: ['Checkout Started'],
        missing_events: ['Error Shown'],
        measurable: false,
      });
      expect(checkout.text).toContain("Add 'Error Shown' to the plan");

      const home = ask(shop, 'What is the conversion of the home page?');
      expect(home.table[0]?.formula).toContain("'Page Viewed' (page_name = 'Home')");
      expect(home.text).toContain("1. Page Viewed (Home screen, page_name = 'Home')");

      const acquisition = ask(saas, 'How do we acquire new users?');
      const activation = ask(saas, 'How do I know if new users activate?');
      expect(rowNamed(activation, /Sign-up completion rate/)).toMatchObject({
        formula: "unique users with 'Signed Up' ÷ unique users with 'Page Viewed' (page_name = 'Sign Up')",
        events: ['Signed Up', 'Page Viewed'],
        screen: 'Sign Up',
        measurable: true,
      });
      expect(rowNamed(activation, /Sign-up completion rate/)?.definition).toContain(
        "Signed Up ÷ Page Viewed (page_name = 'Sign Up'), unique users, per week — measured on the Sign Up screen.",
      );
      const revenue = ask(saas, 'What about revenue?');
      expect(rowNamed(revenue, /Billing-screen upgrade rate/)).toMatchObject({
        formula:
          "unique users with 'Plan Upgraded' ÷ unique users with 'Page Viewed' (page_name = 'Billing')",
        screen: 'Billing',
      });
      expect(rowNamed(revenue, /Paid churn/)?.missing_events).toEqual(['Subscription Cancelled']);
      for (const answer of [checkout, home, acquisition, activation, revenue]) {
        expect(
          groundStrategy(
            answer,
            answer === checkout || answer === home
              ? (shop.plan?.content ?? null)
              : (saas.plan?.content ?? null),
          ),
        ).toEqual(answer);
      }
    });

    it('should change the answer when the same shop is a mobile app', () => {
      const shopAsApp: StrategyContext = { ...shop, product: { ...shop.product, type: 'mobile_app' } };
      for (const question of [
        'Which KPIs should I watch?',
        'How many users come back?',
        'How do I measure engagement and task success?',
        'How do we acquire new users?',
      ]) {
        const web = ask(shop, question);
        const mobile = ask(shopAsApp, question);
        expect(tableKey(mobile)).not.toBe(tableKey(web));
        expect(mobile.text).toContain('mobile app');
        expect(web.text).toContain('website');
      }
      expect(rowNamed(ask(shopAsApp, 'How many users come back?'), /Day-1 retention/)).toBeDefined();
      expect(rowNamed(ask(shop, 'How many users come back?'), /Returning visitor share/)).toBeDefined();
    });

    it('should build SaaS metrics on its key action, invites and upgrades', () => {
      const kpis = ask(saas, 'Which KPIs should I watch?');
      expect(kpis.table[0]?.events).toEqual(['Project Created']);
      expect(rowNamed(kpis, /Inviting user rate/)?.events).toContain('Invite Sent');
      expect(rowNamed(kpis, /Free-to-paid/)?.events).toEqual(['Plan Upgraded', 'Signed Up']);
      const activation = ask(saas, 'How do I know if new users activate?');
      expect(rowNamed(activation, /Onboarding completion/)?.events).toContain('Account Created');
    });

    it('should read a SaaS plan saved before Segment names the same way: its sign-up, invites and screen views', () => {
      const legacy = fixtureContext('legacy-saas');
      const kpis = ask(legacy, 'Which KPIs should I watch?');
      expect(kpis.table[0]?.events).toEqual(['Project Created']);
      expect(rowNamed(kpis, /Inviting user rate/)?.events).toContain('Teammate Invited');
      expect(rowNamed(kpis, /Free-to-paid/)?.events).toEqual(['Plan Upgraded', 'Account Created']);
      expect(rowNamed(kpis, /Visitor-to-sign-up/)?.events).toEqual(['Account Created', 'Home Viewed']);
      const activation = ask(legacy, 'How do I know if new users activate?');
      expect(rowNamed(activation, /Onboarding completion/)?.events).toContain('Workspace Created');
      expect(rowNamed(activation, /Sign-up completion/)?.formula).toBe(
        "unique users with 'Account Created' ÷ unique users with 'Sign Up Viewed'",
      );
      expect(
        rowNamed(ask(fixtureContext('legacy-shop'), 'Which KPIs should I watch?'), /Weekly visitors/)?.events,
      ).toEqual(['Home Viewed']);
    });
  });

  it('should answer a 20-screen product with its generated plan in well under 50 ms', () => {
    const large = fixtureContext('large');
    expect(large.analysis?.pageSpecs).toHaveLength(20);
    expect(large.plan?.content.events.length).toBeGreaterThanOrEqual(40);
    const questions = [...Object.values(questionsFor('large')), RETENTION, ACTIVATION];
    const history = thread(['Which KPIs should I watch?', ask(large, 'Which KPIs should I watch?')]);
    for (const question of questions) ask(large, question, history);
    let slowest = 0;
    for (const question of [...questions, 'explain the second one', 'make it monthly']) {
      const started = performance.now();
      const answer = ask(large, question, history);
      slowest = Math.max(slowest, performance.now() - started);
      expectGrounded(
        answer,
        large.plan?.content ?? null,
        large.analysis?.pageSpecs.map((spec) => spec.screenName) ?? [],
      );
    }
    expect(slowest).toBeLessThan(50);
  });
});
