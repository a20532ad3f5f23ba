import type { ProductAnalysis, TrackingEvent, TrackingProperty } from '@tracklens/contracts';
import { analysisOf, pageSpec } from '../testing/analysis.factory';
import { MAX_EVIDENCE_PER_EVENT, withEvidence, type PlanSources } from './plan-evidence';

const key = (name: string) => `users/u1/products/p1/screenshots/video-1/${name}.jpg`;
const image = (name: string) => `/api/images/${key(name)}`;

function prop(name: string, example: string, description = ''): TrackingProperty {
  return { name, type: 'string', description, example, required: true };
}

function event(overrides: Partial<TrackingEvent> & Pick<TrackingEvent, 'name'>): TrackingEvent {
  return {
    trigger: '',
    description: '',
    category: 'user_action',
    screenshot_path: null,
    properties: [],
    ...overrides,
  };
}

const home = pageSpec({
  screenName: 'Home',
  screenKind: 'content',
  order: 0,
  screenshotKey: key('0'),
  firstSeenSec: 0,
  lastSeenSec: 40,
  timeRanges: [
    { startSec: 0, endSec: 4 },
    { startSec: 30, endSec: 40 },
  ],
  elements: [{ kind: 'button', label: 'Sign Up' }],
  actions: [
    { kind: 'click', target: 'Sign Up', toScreen: 'Sign Up', atSec: 4, screenshotKey: key('frame-1') },
    { kind: 'navigate', toScreen: 'Sign Up', atSec: 4, screenshotKey: key('frame-1') },
  ],
});
const signUp = pageSpec({
  screenName: 'Sign Up',
  screenKind: 'signup',
  order: 1,
  screenshotKey: key('1'),
  firstSeenSec: 4,
  lastSeenSec: 12,
  timeRanges: [{ startSec: 4, endSec: 12 }],
  actions: [
    { kind: 'type', target: 'Email', atSec: 8, screenshotKey: key('frame-2') },
    {
      kind: 'submit',
      target: 'Create account',
      toScreen: 'Linen Overshirt',
      atSec: 12,
      screenshotKey: key('frame-3'),
    },
    { kind: 'navigate', toScreen: 'Linen Overshirt', atSec: 12, screenshotKey: key('frame-3') },
  ],
});
const shirt = pageSpec({
  screenName: 'Linen Overshirt',
  screenKind: 'product',
  order: 2,
  screenshotKey: key('2'),
  firstSeenSec: 12,
  lastSeenSec: 20,
  timeRanges: [{ startSec: 12, endSec: 20 }],
  actions: [{ kind: 'click', target: 'Add to cart', atSec: 18, screenshotKey: key('frame-4') }],
});
const coat = pageSpec({
  screenName: 'Wool Coat',
  screenKind: 'product',
  order: 3,
  screenshotKey: key('3'),
  firstSeenSec: 20,
  lastSeenSec: 30,
  timeRanges: [{ startSec: 20, endSec: 30 }],
  actions: [{ kind: 'click', target: 'Add to cart', atSec: 26 }],
});
const shop = analysisOf([home, signUp, shirt, coat]);

const evidenceOf = (events: TrackingEvent[], product: ProductAnalysis = shop, sources?: PlanSources) =>
  withEvidence({ events, funnels: [] }, product, sources).events.map((e) => e.evidence);

describe(withEvidence.name, () => {
  it('should show a view event at the start of every visit of its screens, with the screen’s frame', () => {
    const [viewed] = evidenceOf([
      event({ name: 'Home Viewed', category: 'page_view', properties: [prop('screen_name', 'Home')] }),
    ]);
    expect(viewed).toEqual([
      { videoId: 'video-1', atSec: 0, screenshot_path: image('0') },
      { videoId: 'video-1', atSec: 30, screenshot_path: image('0') },
    ]);
  });

  it('should show a view event named by the plan’s title on every screen of that title', () => {
    const [viewed] = evidenceOf([
      event({
        name: 'Product Viewed',
        category: 'page_view',
        trigger: 'User opens a product’s page',
        screenshot_path: image('2'),
      }),
    ]);
    expect(viewed?.map((e) => [e.atSec, e.screenshot_path])).toEqual([
      [12, image('2')],
      [20, image('3')],
    ]);
  });

  it('should show a page event of every screen on all of them, the earliest first and at most five', () => {
    const many = analysisOf(
      Array.from({ length: 8 }, (_, i) =>
        pageSpec({
          screenName: `Screen ${i}`,
          screenKind: 'other',
          order: i,
          screenshotKey: key(String(i)),
          firstSeenSec: 70 - i * 10,
          lastSeenSec: 75 - i * 10,
        }),
      ),
    );
    const [viewed] = evidenceOf(
      [event({ name: 'Page Viewed', category: 'page_view', trigger: 'User opens any page of the website' })],
      many,
    );
    expect(viewed?.map((e) => e.atSec)).toEqual([0, 10, 20, 30, 40]);
    expect(viewed).toHaveLength(MAX_EVIDENCE_PER_EVENT);
  });

  it('should read an analysis without visits as one visit from first to last seen', () => {
    const { timeRanges: _ranges, ...old } = signUp;
    const [viewed] = evidenceOf(
      [
        event({
          name: 'Sign Up Viewed',
          category: 'page_view',
          properties: [prop('screen_name', 'Sign Up')],
        }),
      ],
      analysisOf([old]),
    );
    expect(viewed).toEqual([{ videoId: 'video-1', atSec: 4, screenshot_path: image('1') }]);
  });

  it('should show a click on the frame of the click, under the event named by its button', () => {
    const [clicked] = evidenceOf([
      event({
        name: 'Sign Up Clicked',
        trigger: "User clicks 'Sign Up' on the Home screen",
        properties: [prop('screen_name', 'Home'), prop('button_text', 'Sign Up')],
      }),
    ]);
    expect(clicked).toEqual([{ videoId: 'video-1', atSec: 4, screenshot_path: image('frame-1') }]);
  });

  it('should give a recognised event the actions that name it, on each of its screens, and the screen’s frame when the action has none', () => {
    const [added] = evidenceOf([
      event({
        name: 'Product Added',
        trigger: 'User adds a product to the cart',
        properties: [prop('screen_name', 'Product')],
      }),
    ]);
    expect(added).toEqual([
      { videoId: 'video-1', atSec: 18, screenshot_path: image('frame-4') },
      { videoId: 'video-1', atSec: 26, screenshot_path: image('3') },
    ]);
  });

  it('should make each action the evidence of one event: a form’s submit is not also a navigation', () => {
    const [submitted, navigated, typed] = evidenceOf([
      event({
        name: 'Account Created',
        trigger: 'User submits the sign-up form',
        properties: [prop('screen_name', 'Sign Up')],
      }),
      event({
        name: 'Navigation Clicked',
        trigger: 'User clicks a navigation link, menu item or tab',
        properties: [
          prop('screen_name', 'Home', 'Screen the user was on: Home, Sign Up'),
          prop('link_text', 'Pricing'),
        ],
      }),
      event({
        name: 'Email Entered',
        trigger: 'User types an email',
        properties: [prop('screen_name', 'Sign Up')],
      }),
    ]);
    expect(submitted).toEqual([{ videoId: 'video-1', atSec: 12, screenshot_path: image('frame-3') }]);
    // Home's move at 4 s went with the Sign Up click, which no event of this plan names: navigation takes it.
    expect(navigated?.map((e) => e.atSec)).toEqual([4]);
    expect(typed).toEqual([{ videoId: 'video-1', atSec: 8, screenshot_path: image('frame-2') }]);
  });

  it('should make the move off a sign-up screen its form’s send, as plans read a form screen, not a navigation', () => {
    const quiet = analysisOf([
      {
        ...signUp,
        actions: [
          { kind: 'navigate', toScreen: 'Linen Overshirt', atSec: 12, screenshotKey: key('frame-3') },
        ],
      },
      shirt,
    ]);
    const [sent, navigated] = evidenceOf(
      [
        event({
          name: 'Signed Up',
          trigger: 'User sends the sign-up form',
          properties: [prop('screen_name', 'Sign Up')],
        }),
        event({
          name: 'Navigation Clicked',
          trigger: 'User clicks a navigation link, menu item or tab',
          properties: [
            prop('screen_name', 'Sign Up', 'Screen the user was on: Sign Up, Product'),
            prop('link_text', 'Acme'),
          ],
        }),
      ],
      quiet,
    );
    expect(sent).toEqual([{ videoId: 'video-1', atSec: 12, screenshot_path: image('frame-3') }]);
    expect(navigated).toBeUndefined();
  });

  it('should match a model’s event by the screen it names and the words of its control', () => {
    const [clicked] = evidenceOf([
      event({
        name: 'Add To Cart Clicked',
        trigger: 'User taps add to cart',
        screenshot_path: image('2'),
        properties: [prop('screen_name', 'Linen Overshirt')],
      }),
    ]);
    expect(clicked?.map((e) => e.atSec)).toEqual([18]);
  });

  it('should take the moments of the control a generator says made an event, whatever its texts say', () => {
    const sources: PlanSources = new Map([
      ['Product Clicked', [{ screen: 'home', interaction: { kind: 'click', label: 'Sign Up', toScreen: 'sign up', seen: true } }]],
      ['Signed Up', [{ screen: 'sign up', interaction: { kind: 'submit', label: 'Create account', toScreen: 'linen overshirt', seen: true } }]],
    ]);
    const [clicked, sent] = evidenceOf(
      [
        event({ name: 'Product Clicked', trigger: 'User clicks a product in a list', properties: [prop('screen_name', 'Product List')] }),
        event({ name: 'Signed Up', trigger: 'User sends the sign-up form', properties: [prop('screen_name', 'Sign Up')] }),
      ],
      shop,
      sources,
    );
    expect(clicked).toEqual([{ videoId: 'video-1', atSec: 4, screenshot_path: image('frame-1') }]);
    expect(sent).toEqual([{ videoId: 'video-1', atSec: 12, screenshot_path: image('frame-3') }]);
  });

  it('should take a move without a label for the control the generator says leads there', () => {
    const quiet = analysisOf([{ ...signUp, actions: [{ kind: 'navigate', toScreen: 'Linen Overshirt', atSec: 12, screenshotKey: key('frame-3') }] }]);
    const sources: PlanSources = new Map([
      ['Signed Up', [{ screen: 'sign up', interaction: { kind: 'submit', label: '', toScreen: 'linen overshirt', seen: true } }]],
    ]);
    const [sent] = evidenceOf([event({ name: 'Signed Up', trigger: 'User sends the sign-up form' })], quiet, sources);
    expect(sent).toEqual([{ videoId: 'video-1', atSec: 12, screenshot_path: image('frame-3') }]);
  });

  it('should give an event its generator made without a control no moment of an action, even where its texts name one', () => {
    const sources: PlanSources = new Map([['Sign Up Clicked', [{ screen: 'home', interaction: null }]]]);
    const [clicked] = evidenceOf(
      [event({ name: 'Sign Up Clicked', trigger: "User clicks 'Sign Up' on the Home screen", properties: [prop('screen_name', 'Home'), prop('button_text', 'Sign Up')] })],
      shop,
      sources,
    );
    expect(clicked).toBeUndefined();
  });

  it('should leave out evidence of an event the video never showed, and of a screen without a frame', () => {
    const frameless = analysisOf([{ ...signUp, screenshotKey: null, actions: [] }]);
    const events = withEvidence(
      {
        events: [
          event({
            name: 'Invite Sent',
            trigger: "User clicks 'Invite' on the Settings screen",
            evidence: [{ videoId: 'v0', atSec: 1, screenshot_path: 'x' }],
          }),
          event({
            name: 'Sign Up Viewed',
            category: 'page_view',
            properties: [prop('screen_name', 'Sign Up')],
          }),
        ],
        funnels: [],
      },
      frameless,
    ).events;
    expect(events.map((e) => 'evidence' in e)).toEqual([false, false]);
  });
});
