/**
 * The metrics a strategist knows, each built over the product's own events (or the events to add): a formula,
 * its definition in words with its window and the screen it is measured on, and the decision it informs with an
 * honest threshold (a baseline of the product's own data, never an industry benchmark).
 */
import type { MetricStage, MetricType, StrategyMetric } from '@tracklens/contracts';
import { withNeeds } from './grounding';
import type { Period } from './intent';
import { labelOf, quoted, type EventRef, type ProductModel, type Role } from './product-model';

export interface MetricDraft {
  stage: MetricStage;
  name: string;
  type: MetricType;
  /** The reporting period and, for a cohort metric, the horizon it looks over ('within 7 days of sign-up'). */
  period: Period;
  horizon?: string;
  screen: string | null;
  owner: string;
  formula: string;
  /** The formula in words, with its filters; the period and the screen are added. */
  definition: string;
  decision: string;
  uses: EventRef[];
}

export interface CatalogueOptions {
  period: Period;
  /** The question asked for this period: metrics with a natural period of their own (a daily DAU) take it. */
  explicitPeriod: boolean;
}

export function finishMetric(draft: MetricDraft): StrategyMetric {
  const events = unique(draft.uses.filter((ref) => ref.inPlan).map((ref) => ref.name));
  const missing = unique(draft.uses.filter((ref) => !ref.inPlan).map((ref) => ref.name));
  const where = draft.screen ? `measured on the ${draft.screen} screen` : 'product-wide';
  return {
    metric_name: `${draft.stage} · ${draft.name}`,
    definition: withNeeds(`${draft.definition}, ${PER[draft.period]} — ${where}.`, missing),
    decision_insight: draft.decision,
    stage: draft.stage,
    formula: draft.formula,
    events,
    missing_events: missing,
    measurable: missing.length === 0 && events.length > 0,
    type: draft.type,
    window: draft.horizon ? `${ADJECTIVE[draft.period]}, ${draft.horizon}` : ADJECTIVE[draft.period],
    screen: draft.screen,
    owner: draft.owner,
  };
}

function unique(names: string[]): string[] {
  return names.filter((name, i) => names.indexOf(name) === i);
}

export const PER: Record<Period, string> = { day: 'per day', week: 'per week', month: 'per month' };
export const ADJECTIVE: Record<Period, string> = { day: 'daily', week: 'weekly', month: 'monthly' };
const CAPITAL: Record<Period, string> = { day: 'Daily', week: 'Weekly', month: 'Monthly' };
const COMPARED: Record<Period, string> = {
  day: 'day over day (against the same weekday)',
  week: 'week over week',
  month: 'month over month',
};
const BASELINE = 'Set a baseline over the first 2-4 weeks of data';

/** The threshold part of a decision: what counts as a move worth looking into, for this kind of number. */
export function threshold(type: MetricType, period: Period, rising = false): string {
  const compared = COMPARED[period];
  switch (type) {
    case 'rate':
    case 'ratio':
      return `${BASELINE}, then investigate a ${rising ? 'rise' : 'fall'} of more than 5 percentage points ${compared}.`;
    case 'duration':
      return `${BASELINE}, then investigate when the median grows by more than 25% ${compared}.`;
    case 'average':
      return `${BASELINE}, then investigate a change of more than 15% ${compared}.`;
    default:
      return `${BASELINE}, then investigate a ${rising ? 'rise' : 'drop'} of more than 20% ${compared}.`;
  }
}

const q = quoted;

type Factory = (m: ProductModel, o: CatalogueOptions) => MetricDraft | null;

/**
 * The event a returning user sends: the app opening when the plan has it; on a shop's website any visit, since
 * buyers land on any page; else the view of the main screen.
 */
export function activeSignal(m: ProductModel): EventRef {
  const opened = m.role('appOpened');
  if (m.mobile && opened.inPlan) return opened;
  if (!m.mobile && m.archetype === 'commerce') return m.role('visit');
  const home = m.role('home');
  return home.inPlan || !m.mobile ? home : opened;
}

function rolesOf(m: ProductModel, ...roles: Role[]): EventRef[] {
  return roles.map((role) => m.role(role));
}

/** Shop-like rows measure buyers; the others the product's key action. */
function keyAction(m: ProductModel): EventRef {
  return m.role('core');
}

export const CATALOGUE = {
  northStar(m, { period }) {
    const core = keyAction(m);
    if (m.archetype === 'commerce') {
      return {
        stage: 'North Star',
        name: `${CAPITAL[period]} orders`,
        type: 'count',
        period,
        screen: core.screen,
        owner: 'Leadership',
        formula: `count of ${q(core)}`,
        definition: `Count of ${labelOf(core)}`,
        decision: `The one number the whole team steers by: each input metric should explain a move in it. ${threshold('count', period)} Split a drop into new and returning buyers before acting.`,
        uses: [core],
      };
    }
    return {
      stage: 'North Star',
      name: `${CAPITAL[period]} users reaching the key action (${labelOf(core)})`,
      type: 'unique_users',
      period,
      screen: core.screen,
      owner: 'Leadership',
      formula: `unique users with ${q(core)}`,
      definition: `Unique users with at least one ${labelOf(core)}`,
      decision: `Counts people getting the value ${m.name} exists for, not visits. ${threshold('unique_users', period)} Split a drop into new and existing users before acting.`,
      uses: [core],
    };
  },

  activeUsers(m, { period, explicitPeriod }) {
    const active = activeSignal(m);
    const p = explicitPeriod ? period : m.mobile ? 'day' : 'week';
    const who = m.mobile ? 'app users' : 'active users';
    return {
      stage: 'Engagement',
      name: `${CAPITAL[p]} ${who}`,
      type: 'unique_users',
      period: p,
      screen: active.screen,
      owner: 'Product',
      formula: `unique users with ${q(active)}`,
      definition: `Unique users with ${labelOf(active)}`,
      decision: `The size of the audience every other rate applies to. ${threshold('unique_users', p)}`,
      uses: [active],
    };
  },

  visitors(m, { period }) {
    if (m.mobile) {
      const installed = m.role('appInstalled');
      return {
        stage: 'Acquisition',
        name: `${CAPITAL[period]} installs`,
        type: 'count',
        period,
        screen: null,
        owner: 'Marketing',
        formula: `count of ${q(installed)}`,
        definition: `Count of ${labelOf(installed)} (first launch after install), split by install source`,
        decision: `Shows whether store listings and campaigns bring new people in. ${threshold('count', period)} Compare sources before moving budget.`,
        uses: [installed],
      };
    }
    const visit = m.role('visit');
    return {
      stage: 'Acquisition',
      name: `${CAPITAL[period]} visitors`,
      type: 'unique_users',
      period,
      screen: visit.screen,
      owner: 'Marketing',
      formula: `unique users with ${q(visit)}`,
      definition: `Unique users with ${labelOf(visit)}, split by the referrer and UTM campaign the analytics library records`,
      decision: `Shows whether marketing brings people to ${m.name}. ${threshold('unique_users', period)} Compare channels before moving budget.`,
      uses: [visit],
    };
  },

  signups(m, { period }) {
    const signup = m.role('signup');
    return {
      stage: 'Acquisition',
      name: `${CAPITAL[period]} new sign-ups`,
      type: 'count',
      period,
      screen: signup.screen,
      owner: 'Growth',
      formula: `count of ${q(signup)}`,
      definition: `Count of ${labelOf(signup)}${m.mobile ? '' : ', split by the campaign of the visit that led to it'}`,
      decision: `New accounts are the top of every later stage. ${threshold('count', period)}`,
      uses: [signup],
    };
  },

  visitToSignup(m, { period }) {
    const signup = m.role('signup');
    const from = m.mobile ? m.role('appInstalled') : m.role('visit');
    return {
      stage: 'Acquisition',
      name: m.mobile ? 'Install-to-sign-up rate' : 'Visitor-to-sign-up rate',
      type: 'rate',
      period,
      screen: signup.screen,
      owner: 'Growth',
      formula: `unique users with ${q(signup)} ÷ unique users with ${q(from)}`,
      definition: `${labelOf(signup)} ÷ ${labelOf(from)}, unique users`,
      decision: `Tells whether the people you attract want an account. If it falls while traffic grows, the new channel brings the wrong audience; if it falls for every channel, look at the ${from.screen ?? 'first'} screen's pitch. ${threshold('rate', period)}`,
      uses: [signup, from],
    };
  },

  welcomeToSignup(m, { period }) {
    const entry = m.role('entry');
    const signup = m.role('signup');
    if (!entry.inPlan || entry.screen === signup.screen) return null;
    return {
      stage: 'Acquisition',
      name: 'First-screen-to-sign-up rate',
      type: 'rate',
      period,
      screen: entry.screen,
      owner: 'Growth',
      formula: `unique users with ${q(signup)} ÷ unique users with ${q(entry)}`,
      definition: `${labelOf(signup)} ÷ ${labelOf(entry)}, unique users, same day`,
      decision: `How well the ${entry.screen ?? 'first'} screen turns curiosity into an account. If it falls, test its headline and the sign-up call to action. ${threshold('rate', period)}`,
      uses: [signup, entry],
    };
  },

  browseRate(m, { period }) {
    const visit = m.role('visit');
    const viewed = m.role('productView');
    return {
      stage: 'Acquisition',
      name: 'Visitor-to-product-view rate',
      type: 'rate',
      period,
      screen: viewed.screen,
      owner: 'Marketing',
      formula: `unique users with ${q(viewed)} ÷ unique users with ${q(visit)}`,
      definition: `${labelOf(viewed)} ÷ ${labelOf(visit)}, unique users, same session`,
      decision: `Shows whether visitors find something worth a look. If it falls, check what the ${visit.screen ?? 'landing'} screen features and whether a campaign sends people to the wrong page. ${threshold('rate', period)}`,
      uses: [viewed, visit],
    };
  },

  pricingToSignup(m, { period }) {
    const pricing = m.role('pricingView');
    if (!pricing.inPlan || pricing.screen === null) return null;
    const signup = m.role('signup');
    return {
      stage: 'Acquisition',
      name: 'Pricing-to-sign-up rate',
      type: 'rate',
      period,
      screen: pricing.screen,
      owner: 'Marketing',
      formula: `unique users with ${q(signup)} after ${q(pricing)} ÷ unique users with ${q(pricing)}`,
      definition: `${labelOf(signup)} within 1 day after ${labelOf(pricing)} ÷ ${labelOf(pricing)}, unique users`,
      decision: `Tells whether the ${pricing.screen ?? 'pricing'} screen convinces or scares. If it falls after a price or plan change, that change is the first suspect. ${threshold('rate', period)}`,
      uses: [signup, pricing],
    };
  },

  signupCompletion(m, { period }) {
    const [signup, view] = rolesOf(m, 'signup', 'signupView') as [EventRef, EventRef];
    return {
      stage: 'Activation',
      name: 'Sign-up completion rate',
      type: 'rate',
      period,
      screen: view.screen ?? signup.screen,
      owner: 'Growth',
      formula: `unique users with ${q(signup)} ÷ unique users with ${q(view)}`,
      definition: `${labelOf(signup)} ÷ ${labelOf(view)}, unique users`,
      decision: `Shows how much the sign-up form itself loses. If it falls, look at the form's required fields and its error messages first. ${threshold('rate', period)}`,
      uses: [signup, view],
    };
  },

  onboardingCompletion(m, { period }) {
    const [done, signup] = rolesOf(m, 'onboardingDone', 'signup') as [EventRef, EventRef];
    if (m.onboarding.length === 0 && m.archetype === 'commerce' && !m.mobile) return null;
    return {
      stage: 'Activation',
      name: 'Onboarding completion rate',
      type: 'rate',
      period,
      horizon: 'within 1 day of sign-up',
      screen: done.screen,
      owner: 'Product',
      formula: `unique users with ${q(done)} within 1 day of ${q(signup)} ÷ unique users with ${q(signup)}`,
      definition: `${labelOf(done)} within 1 day of ${labelOf(signup)} ÷ ${labelOf(signup)}, unique users, by sign-up cohort`,
      decision: `Shows how many new accounts finish setting up${m.onboarding.length > 0 ? ` (${m.onboarding.map((s) => s.name).join(', ')})` : ''}. If it falls, find the onboarding step with the biggest drop and shorten or defer it. ${threshold('rate', period)}`,
      uses: [done, signup],
    };
  },

  activationRate(m, { period }) {
    const signup = m.role('signup');
    const core = keyAction(m);
    const days = m.archetype === 'commerce' ? 30 : 7;
    return {
      stage: 'Activation',
      name:
        m.archetype === 'commerce'
          ? 'New-account first-order rate'
          : `Activation rate (first ${labelOf(core)} within ${days} days)`,
      type: 'rate',
      period,
      horizon: `within ${days} days of sign-up`,
      screen: core.screen,
      owner: 'Growth',
      formula: `unique users with ${q(core)} within ${days} days of ${q(signup)} ÷ unique users with ${q(signup)}`,
      definition: `${labelOf(core)} within ${days} days of ${labelOf(signup)} ÷ ${labelOf(signup)}, unique users, by sign-up cohort`,
      decision: `The share of new accounts that reach the moment ${m.name} is for. If a cohort falls, compare what its users did first with the cohort before. ${threshold('rate', period)}`,
      uses: [core, signup],
    };
  },

  timeToValue(m, { period }) {
    const signup = m.role('signup');
    const core = keyAction(m);
    return {
      stage: 'Activation',
      name: m.archetype === 'commerce' ? 'Time to first order' : `Time to first ${labelOf(core)}`,
      type: 'duration',
      period,
      screen: core.screen,
      owner: 'Product',
      formula: `median over users of (first ${q(core)} − ${q(signup)})`,
      definition: `Median time from ${labelOf(signup)} to the user's first ${labelOf(core)}, by sign-up cohort`,
      decision: `Shorter is better: every step between sign-up and value is a chance to leave. If it grows, look for a new step or an empty state on the way. ${threshold('duration', period)}`,
      uses: [core, signup],
    };
  },

  addToCart(m, { period }) {
    const [added, viewed] = rolesOf(m, 'productAdded', 'productView') as [EventRef, EventRef];
    return {
      stage: 'Activation',
      name: 'Add-to-cart rate',
      type: 'rate',
      period,
      screen: added.screen ?? viewed.screen,
      owner: 'Commerce',
      formula: `unique users with ${q(added)} ÷ unique users with ${q(viewed)}`,
      definition: `${labelOf(added)} ÷ ${labelOf(viewed)}, unique users`,
      decision: `Shows whether the ${viewed.screen ?? 'product'} screen convinces: price, photos, options. If it falls, check the products viewed most and whether they are in stock. ${threshold('rate', period)}`,
      uses: [added, viewed],
    };
  },

  checkoutCompletion(m, { period }) {
    const [order, started] = rolesOf(m, 'orderCompleted', 'checkoutStarted') as [EventRef, EventRef];
    const split = m.hasProperty(order.name, 'payment_method') ? ', split by payment_method' : '';
    return {
      stage: 'Revenue',
      name: 'Checkout completion rate',
      type: 'rate',
      period,
      screen: order.screen,
      owner: 'Commerce',
      formula: `unique users with ${q(order)} ÷ unique users with ${q(started)}`,
      definition: `${labelOf(order)} ÷ ${labelOf(started)}, unique users, within 1 hour${split}`,
      decision: `The share of buyers the checkout keeps. If it falls, review the ${order.screen ?? 'checkout'} screen's form, delivery costs and payment errors first. ${threshold('rate', period)}`,
      uses: [order, started],
    };
  },

  buyerConversion(m, { period }) {
    const order = m.role('orderCompleted');
    const from = m.mobile ? activeSignal(m) : m.role('visit');
    return {
      stage: 'Revenue',
      name: m.mobile ? 'User-to-buyer conversion' : 'Visitor-to-buyer conversion',
      type: 'rate',
      period,
      screen: order.screen,
      owner: 'Commerce',
      formula: `unique users with ${q(order)} ÷ unique users with ${q(from)}`,
      definition: `${labelOf(order)} ÷ ${labelOf(from)}, unique users`,
      decision: `The whole funnel in one number. If it falls, read the step conversions of the purchase funnel to find where. ${threshold('rate', period)}`,
      uses: [order, from],
    };
  },

  revenue(m, { period }) {
    const order = m.role('orderCompleted');
    if (order.inPlan && !m.hasProperty(order.name, 'total')) return null;
    return {
      stage: 'Revenue',
      name: `${CAPITAL[period]} revenue`,
      type: 'count',
      period,
      screen: order.screen,
      owner: 'Commerce',
      formula: `sum of total on ${q(order)}`,
      definition: `Sum of the total property of ${labelOf(order)}, in its currency`,
      decision: `What the business lives on; read it with the order count to tell fewer orders from smaller ones. ${threshold('count', period)}`,
      uses: [order],
    };
  },

  averageOrderValue(m, { period }) {
    const order = m.role('orderCompleted');
    if (order.inPlan && !m.hasProperty(order.name, 'total')) return null;
    return {
      stage: 'Revenue',
      name: 'Average order value',
      type: 'average',
      period,
      screen: order.screen,
      owner: 'Commerce',
      formula: `sum of total on ${q(order)} ÷ count of ${q(order)}`,
      definition: `Sum of total ÷ count of ${labelOf(order)}`,
      decision: `Tells whether buyers buy more per order. If it drops, check discounts and free-delivery thresholds before blaming demand. ${threshold('average', period)}`,
      uses: [order],
    };
  },

  cartAbandonment(m, { period }) {
    const [added, order] = rolesOf(m, 'productAdded', 'orderCompleted') as [EventRef, EventRef];
    return {
      stage: 'Revenue',
      name: 'Cart abandonment rate',
      type: 'rate',
      period,
      horizon: 'within 24 hours of adding',
      screen: m.role('cartView').screen ?? added.screen,
      owner: 'Commerce',
      formula: `1 − unique users with ${q(order)} within 24 hours of ${q(added)} ÷ unique users with ${q(added)}`,
      definition: `1 − (${labelOf(order)} within 24 hours of ${labelOf(added)} ÷ ${labelOf(added)}), unique users`,
      decision: `Higher is worse. If it rises, compare the cart's delivery costs and delivery times with the weeks before, and consider a reminder. ${threshold('rate', period, true)}`,
      uses: [added, order],
    };
  },

  freeToPaid(m, { period }) {
    const [upgrade, signup] = rolesOf(m, 'upgrade', 'signup') as [EventRef, EventRef];
    return {
      stage: 'Revenue',
      name: 'Free-to-paid conversion',
      type: 'rate',
      period,
      horizon: 'within 30 days of sign-up',
      screen: upgrade.screen,
      owner: 'Growth',
      formula: `unique users with ${q(upgrade)} within 30 days of ${q(signup)} ÷ unique users with ${q(signup)}`,
      definition: `${labelOf(upgrade)} within 30 days of ${labelOf(signup)} ÷ ${labelOf(signup)}, unique users, by sign-up cohort`,
      decision: `Tells whether the free tier leads to paying. If a cohort converts less, check whether it activated less first; if not, look at the ${upgrade.screen ?? 'upgrade'} screen and the free plan's limits. ${threshold('rate', period)}`,
      uses: [upgrade, signup],
    };
  },

  upgrades(m, { period }) {
    const upgrade = m.role('upgrade');
    return {
      stage: 'Revenue',
      name: `${CAPITAL[period]} upgrades`,
      type: 'count',
      period,
      screen: upgrade.screen,
      owner: 'Growth',
      formula: `count of ${q(upgrade)}`,
      definition: `Count of ${labelOf(upgrade)}`,
      decision: `New paying customers in the period. ${threshold('count', period)} Read it with the free-to-paid conversion to tell fewer sign-ups from fewer upgrades.`,
      uses: [upgrade],
    };
  },

  billingToUpgrade(m, { period }) {
    const billing = m.role('billingView');
    if (!billing.inPlan || billing.screen === null) return null;
    const upgrade = m.role('upgrade');
    if (upgrade.screen && upgrade.screen !== billing.screen) return null;
    return {
      stage: 'Revenue',
      name: `${billing.screen ?? 'Billing'}-screen upgrade rate`,
      type: 'rate',
      period,
      screen: billing.screen,
      owner: 'Growth',
      formula: `unique users with ${q(upgrade)} ÷ unique users with ${q(billing)}`,
      definition: `${labelOf(upgrade)} ÷ ${labelOf(billing)}, unique users, same day`,
      decision: `Shows whether people who look at plans go ahead. If it falls, the price, the plan comparison or the payment step changed something. ${threshold('rate', period)}`,
      uses: [upgrade, billing],
    };
  },

  paidChurn(m) {
    const [cancelled, upgrade] = rolesOf(m, 'subscriptionCancelled', 'upgrade') as [EventRef, EventRef];
    return {
      stage: 'Revenue',
      name: 'Paid churn rate',
      type: 'rate',
      period: 'month',
      screen: cancelled.screen ?? upgrade.screen,
      owner: 'Growth',
      formula: `unique users with ${q(cancelled)} ÷ unique users paying at the start of the month (${q(upgrade)} before it)`,
      definition: `${labelOf(cancelled)} ÷ users who had ${labelOf(upgrade)} before the month started, unique users`,
      decision: `Higher is worse. If it rises, ask the users who cancel why, and check whether they had stopped using the key action weeks before. ${threshold('rate', 'month', true)}`,
      uses: [cancelled, upgrade],
    };
  },

  repeatPurchase(m) {
    const order = m.role('orderCompleted');
    const days = m.mobile ? 30 : 90;
    return {
      stage: 'Retention',
      name: `Repeat purchase rate (${days} days)`,
      type: 'rate',
      period: 'month',
      horizon: `within ${days} days of the first order`,
      screen: order.screen,
      owner: 'Commerce',
      formula: `buyers with a second ${q(order)} within ${days} days of their first ÷ buyers with a first ${q(order)}`,
      definition: `Buyers with a second ${labelOf(order)} within ${days} days of their first ÷ first-time buyers, by month of first order`,
      decision: `Tells whether customers come back on their own. If a month's cohort repeats less, look at what it bought first and at delivery problems. ${threshold('rate', 'month')}`,
      uses: [order],
    };
  },

  returningVisitors(m, { period }) {
    const visit = m.role('visit');
    return {
      stage: 'Retention',
      name: 'Returning visitor share',
      type: 'ratio',
      period,
      screen: visit.screen,
      owner: 'Marketing',
      formula: `unique users with ${q(visit)} in the period who also had one in the 4 weeks before ÷ unique users with ${q(visit)} in the period`,
      definition: `Users with ${labelOf(visit)} who also had one in the previous 4 weeks ÷ users with ${labelOf(visit)}`,
      decision: `A falling share with steady traffic means campaigns bring new people while regulars drift away. ${threshold('ratio', period)}`,
      uses: [visit],
    };
  },

  timeBetweenOrders(m) {
    const order = m.role('orderCompleted');
    return {
      stage: 'Retention',
      name: 'Time between orders',
      type: 'duration',
      period: 'month',
      screen: order.screen,
      owner: 'Commerce',
      formula: `median over repeat buyers of (second ${q(order)} − first ${q(order)})`,
      definition: `Median time between a buyer's first and second ${labelOf(order)}, by month of first order`,
      decision: `Use it to time reminders and reorder prompts. ${threshold('duration', 'month')}`,
      uses: [order],
    };
  },

  weekRetention(m, o) {
    return cohortRetention(m, o, 1);
  },

  week4Retention(m, o) {
    return cohortRetention(m, o, 4);
  },

  day1Retention(m, o) {
    return dayRetention(m, o, 1);
  },

  day7Retention(m, o) {
    return dayRetention(m, o, 7);
  },

  day30Retention(m, o) {
    return dayRetention(m, o, 30);
  },

  stickiness(m, { period, explicitPeriod }) {
    const active = activeSignal(m);
    const short: Period = explicitPeriod && period !== 'month' ? period : m.mobile ? 'day' : 'week';
    const label = short === 'day' ? 'DAU/MAU' : 'WAU/MAU';
    return {
      stage: 'Engagement',
      name: `${label} stickiness`,
      type: 'ratio',
      period: short,
      horizon: 'over a trailing 28 days',
      screen: active.screen,
      owner: 'Product',
      formula: `average ${short === 'day' ? 'daily' : 'weekly'} unique users with ${q(active)} ÷ unique users with ${q(active)} over 28 days`,
      definition: `Average ${short === 'day' ? 'daily' : 'weekly'} unique users with ${labelOf(active)} ÷ 28-day unique users with ${labelOf(active)}`,
      decision: `How much of the monthly audience is a habit. If it falls while monthly users grow, newcomers are not sticking; look at their first week. ${threshold('ratio', short)}`,
      uses: [active],
    };
  },

  opensPerUser(m, { period, explicitPeriod }) {
    if (!m.mobile) return null;
    const opened = m.role('appOpened');
    const p = explicitPeriod ? period : 'day';
    return {
      stage: 'Engagement',
      name: 'App opens per active user',
      type: 'average',
      period: p,
      screen: null,
      owner: 'Product',
      formula: `count of ${q(opened)} ÷ unique users with ${q(opened)}`,
      definition: `Count of ${labelOf(opened)} ÷ unique users with ${labelOf(opened)}`,
      decision: `How often people come back within the period. ${threshold('average', p)} A rise right after a notification campaign is the campaign, not a habit.`,
      uses: [opened],
    };
  },

  coreFrequency(m, { period }) {
    const core = keyAction(m);
    return {
      stage: 'Engagement',
      name: m.archetype === 'commerce' ? 'Orders per buyer' : `${labelOf(core)} per active user`,
      type: 'average',
      period,
      screen: core.screen,
      owner: 'Product',
      formula: `count of ${q(core)} ÷ unique users with ${q(core)}`,
      definition: `Count of ${labelOf(core)} ÷ unique users with ${labelOf(core)}`,
      decision: `Depth of use among the people who use ${m.name} at all. ${threshold('average', period)}`,
      uses: [core],
    };
  },

  productViewsPerVisitor(m, { period }) {
    const [viewed, visit] = rolesOf(m, 'productView', 'visit') as [EventRef, EventRef];
    return {
      stage: 'Engagement',
      name: 'Products viewed per visitor',
      type: 'average',
      period,
      screen: viewed.screen,
      owner: 'Commerce',
      formula: `count of ${q(viewed)} ÷ unique users with ${q(visit)}`,
      definition: `Count of ${labelOf(viewed)} ÷ unique users with ${labelOf(visit)}`,
      decision: `How far visitors browse. If it falls, check search, sorting and the lists on the ${visit.screen ?? 'first'} screen. ${threshold('average', period)}`,
      uses: [viewed, visit],
    };
  },

  satisfaction(m, { period }) {
    const survey = m.role('survey');
    const core = keyAction(m);
    return {
      stage: 'Happiness',
      name: 'In-product satisfaction score',
      type: 'average',
      period: period === 'day' ? 'week' : period,
      screen: survey.screen,
      owner: 'Product',
      formula: `average score on ${q(survey)}`,
      definition: `Average of the score property of ${labelOf(survey)}, asked after ${labelOf(core)}`,
      decision: `What users feel, which behaviour alone cannot show. Read the comments behind low scores before acting. ${threshold('average', period === 'day' ? 'week' : period)}`,
      uses: [survey, core],
    };
  },

  rating(m, { period }) {
    if (m.archetype !== 'commerce') return null;
    const rated = m.role('feedback');
    const order = m.role('orderCompleted');
    return {
      stage: 'Happiness',
      name: m.mobile ? 'Average order rating' : 'Average product review rating',
      type: 'average',
      period,
      screen: rated.screen,
      owner: 'Commerce',
      formula: `average rating on ${q(rated)}`,
      definition: `Average of the rating property of ${labelOf(rated)}, for orders with ${labelOf(order)}`,
      decision: `Shows whether what was delivered matched the promise. If it falls, read the low ratings by restaurant, product or delivery area. ${threshold('average', period)}`,
      uses: [rated, order],
    };
  },

  searchSuccess(m, { period }) {
    const search = m.role('search');
    if (!search.inPlan) return null;
    const found = m.archetype === 'commerce' ? m.role('productView') : null;
    if (!found) return null;
    return {
      stage: 'Task Success',
      name: 'Search success rate',
      type: 'rate',
      period,
      screen: search.screen,
      owner: 'Product',
      formula: `unique users with ${q(found)} within 5 minutes after ${q(search)} ÷ unique users with ${q(search)}`,
      definition: `${labelOf(found)} within 5 minutes after ${labelOf(search)} ÷ ${labelOf(search)}, unique users`,
      decision: `Searches that lead nowhere are demand you do not meet. If it falls, list the most frequent queries (the query property) without a result. ${threshold('rate', period)}`,
      uses: [found, search],
    };
  },

  errorRate(m, { period }) {
    const error = m.role('error');
    const core = keyAction(m);
    return {
      stage: 'Task Success',
      name: `Error rate around ${labelOf(core)}`,
      type: 'rate',
      period,
      screen: core.screen,
      owner: 'Engineering',
      formula: `unique users with ${q(error)} ÷ unique users who tried ${q(core)}`,
      definition: `${labelOf(error)} (with screen_name and error_code) ÷ users who reached ${labelOf(core)} or its screen, unique users`,
      decision: `Higher is worse: errors are task failures users rarely report. If it rises, group by error_code and screen to find the release that caused it. ${threshold('rate', period, true)}`,
      uses: [error, core],
    };
  },

  pushOptIn(m, { period }) {
    if (!m.mobile) return null;
    const [optIn, signup] = rolesOf(m, 'pushOptIn', 'signup') as [EventRef, EventRef];
    return {
      stage: 'Retention',
      name: 'Push notification opt-in rate',
      type: 'rate',
      period,
      screen: optIn.screen,
      owner: 'Product',
      formula: `unique users with ${q(optIn)} ÷ unique users with ${q(signup)}`,
      definition: `${labelOf(optIn)} ÷ ${labelOf(signup)}, unique users, by sign-up cohort`,
      decision: `Users you can remind are users you can bring back. If it falls, ask for the permission later, after the first success. ${threshold('rate', period)}`,
      uses: [optIn, signup],
    };
  },

  pushReengagement(m, { period }) {
    if (!m.mobile) return null;
    const tapped = m.role('pushTapped');
    const core = keyAction(m);
    return {
      stage: 'Retention',
      name: 'Push re-engagement rate',
      type: 'rate',
      period,
      screen: null,
      owner: 'Product',
      formula: `unique users with ${q(core)} within 1 hour of ${q(tapped)} ÷ unique users with ${q(tapped)}`,
      definition: `${labelOf(core)} within 1 hour of ${labelOf(tapped)} ÷ ${labelOf(tapped)}, unique users`,
      decision: `Tells whether notifications bring people back to do something, not just to open and leave. ${threshold('rate', period)} Watch opt-outs when you send more.`,
      uses: [core, tapped],
    };
  },

  inviteRate(m, { period }) {
    const invite = m.role('invite');
    const active = keyAction(m);
    return {
      stage: 'Referral',
      name: 'Inviting user rate',
      type: 'rate',
      period,
      screen: invite.screen,
      owner: 'Growth',
      formula: `unique users with ${q(invite)} ÷ unique users with ${q(active)}`,
      definition: `${labelOf(invite)} ÷ ${labelOf(active)}, unique users`,
      decision: `Shows whether active users bring others in. If it falls, check the ${invite.screen ?? 'invite'} step: is it skipped more often? ${threshold('rate', period)}`,
      uses: [invite, active],
    };
  },

  invitesPerInviter(m, { period }) {
    const invite = m.role('invite');
    return {
      stage: 'Referral',
      name: 'Invites per inviting user',
      type: 'average',
      period,
      screen: invite.screen,
      owner: 'Growth',
      formula: `count of ${q(invite)} ÷ unique users with ${q(invite)}`,
      definition: `Count of ${labelOf(invite)} ÷ unique users with ${labelOf(invite)}`,
      decision: `Team size in the making: more invites per inviter means whole teams move in. ${threshold('average', period)}`,
      uses: [invite],
    };
  },

  inviteAcceptance(m, { period }) {
    const [accepted, invite] = rolesOf(m, 'inviteAccepted', 'invite') as [EventRef, EventRef];
    return {
      stage: 'Referral',
      name: 'Invite acceptance rate',
      type: 'rate',
      period,
      horizon: 'within 7 days of the invite',
      screen: null,
      owner: 'Growth',
      formula: `count of ${q(accepted)} within 7 days ÷ count of ${q(invite)}`,
      definition: `${labelOf(accepted)} within 7 days of ${labelOf(invite)} ÷ ${labelOf(invite)}, invites`,
      decision: `Tells whether invitations land: if it falls, check the invite e-mail and what an invitee sees first. ${threshold('rate', period)}`,
      uses: [accepted, invite],
    };
  },

  shareRate(m, { period }) {
    const share = m.role('share');
    const base = m.archetype === 'commerce' && !m.mobile ? m.role('productView') : keyAction(m);
    return {
      stage: 'Referral',
      name: 'Share rate',
      type: 'rate',
      period,
      screen: share.screen ?? base.screen,
      owner: 'Growth',
      formula: `unique users with ${q(share)} ÷ unique users with ${q(base)}`,
      definition: `${labelOf(share)} ÷ ${labelOf(base)}, unique users`,
      decision: `Word of mouth you can measure. If it stays near zero, the product gives people no moment worth sharing yet; test a share prompt after ${labelOf(base)}. ${threshold('rate', period)}`,
      uses: [share, base],
    };
  },
} satisfies Record<string, Factory>;

export type MetricId = keyof typeof CATALOGUE;

/** Week-N retention of sign-up cohorts on the product's key action. */
function cohortRetention(m: ProductModel, { period }: CatalogueOptions, week: 1 | 4): MetricDraft {
  const signup = m.role('signup');
  const core = keyAction(m);
  const from = week * 7;
  return {
    stage: 'Retention',
    name: `Week-${week} retention`,
    type: 'rate',
    period,
    horizon: `days ${from}-${from + 6} after sign-up`,
    screen: null,
    owner: 'Product',
    formula: `unique users with ${q(core)} ${from}-${from + 6} days after ${q(signup)} ÷ unique users with ${q(signup)}`,
    definition: `Users of a sign-up cohort with ${labelOf(core)} in days ${from}-${from + 6} after ${labelOf(signup)} ÷ the cohort's users with ${labelOf(signup)}`,
    decision: `Whether new accounts build a habit. Compare each cohort with the ones before: a lower curve after a release or a campaign points at it. ${threshold('rate', period)}`,
    uses: [core, signup],
  };
}

/** Day-N retention of a mobile app's install cohorts: coming back on day N. */
function dayRetention(m: ProductModel, { period }: CatalogueOptions, day: 1 | 7 | 30): MetricDraft {
  const signup = m.role('signup');
  const back = activeSignal(m);
  return {
    stage: 'Retention',
    name: `Day-${day} retention`,
    type: 'rate',
    period,
    horizon: `day ${day} after sign-up`,
    screen: back.screen,
    owner: 'Product',
    formula: `unique users with ${q(back)} on day ${day} after ${q(signup)} ÷ unique users with ${q(signup)}`,
    definition: `Users of a sign-up cohort with ${labelOf(back)} on day ${day} after ${labelOf(signup)} ÷ the cohort's users with ${labelOf(signup)}`,
    decision: `${day === 1 ? 'The first-day return shows whether the first session gave a reason to come back.' : day === 7 ? 'The first week shows whether a habit starts.' : 'The first month is where the curve should flatten.'} Compare cohorts rather than single days. ${threshold('rate', period)}`,
    uses: [back, signup],
  };
}

/** The catalogue's metric, or null when it does not apply to this product. */
export function draftOf(id: MetricId, m: ProductModel, options: CatalogueOptions): MetricDraft | null {
  const factory: Factory = CATALOGUE[id];
  return factory(m, options);
}

/** Feature adoption: the share of active users who used one of the plan's features in the period. */
export function featureAdoption(
  m: ProductModel,
  feature: EventRef,
  { period }: CatalogueOptions,
): MetricDraft {
  const active = activeSignal(m);
  return {
    stage: 'Adoption',
    name: `Feature adoption: ${labelOf(feature)}`,
    type: 'rate',
    period,
    screen: feature.screen,
    owner: 'Product',
    formula: `unique users with ${q(feature)} ÷ unique users with ${q(active)}`,
    definition: `${labelOf(feature)} ÷ ${labelOf(active)}, unique users`,
    decision: `Shows whether people find and use it. If adoption stays low, check whether the ${feature.screen ?? 'screen'} it lives on is reached at all before changing the feature. ${threshold('rate', period)}`,
    uses: [feature, active],
  };
}
