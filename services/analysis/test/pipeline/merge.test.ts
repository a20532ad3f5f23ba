import { mergeFrames, mergeScreens } from '../../src/pipeline/merge';
import type { FrameUnderstanding, KeyFrame } from '../../src/pipeline';

function frame(index: number, startSec: number, endSec: number, extra: Partial<KeyFrame> = {}): KeyFrame {
  return {
    index,
    timeSec: endSec - 0.1,
    startSec,
    endSec,
    imagePath: `/work/keyframe-${index}.jpg`,
    width: 1280,
    height: 720,
    scrolledFromPrevious: false,
    changedRegions: [],
    ...extra,
  };
}

function seen(screenName: string, words: string[], extra: Partial<FrameUnderstanding> = {}): FrameUnderstanding {
  return { screenName, description: `${screenName} screen.`, elements: [{ kind: 'heading', label: screenName }], actions: [], words, ...extra };
}

describe('mergeScreens', () => {
  it('should fold a revisited screen into its first spec with both visits', () => {
    const screens = mergeScreens(
      [frame(0, 0, 4), frame(1, 4, 8), frame(2, 8, 12)],
      [seen('Home', ['home', 'shop']), seen('Cart', ['cart', 'total']), seen('Home', ['home', 'shop'])],
    );
    expect(screens.map((screen) => screen.screenName)).toEqual(['Home', 'Cart']);
    expect(screens[0]?.visits).toEqual([{ startSec: 0, endSec: 4 }, { startSec: 8, endSec: 12 }]);
    expect(screens[0]?.lastSeenSec).toBe(12);
    expect(screens[1]?.actions).toEqual([{ kind: 'navigate', toScreen: 'Home', atSec: 8, imagePath: '/work/keyframe-1.jpg' }]);
  });

  it('should keep a scrolled frame with another heading on the same screen and record the scroll', () => {
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3.5, 6, { scrolledFromPrevious: true })],
      [seen('Everyday Essentials', ['everyday', 'essentials']), seen('Featured Products', ['featured', 'products'])],
    );
    expect(screens).toHaveLength(1);
    expect(screens[0]?.screenName).toBe('Everyday Essentials');
    expect(screens[0]?.actions).toEqual([{ kind: 'scroll', atSec: 3.5, imagePath: '/work/keyframe-1.jpg' }]);
  });

  it('should split frames whose address bar leads to another part of the site, however alike they look', () => {
    // A search result and the album it opens share the heading and the app's sidebar and player.
    const shell = ['home', 'search', 'library', 'late', 'night', 'drive', 'nova', 'harbor', 'midnight', 'tides'];
    const frames = [frame(0, 0, 3), frame(1, 3, 6), frame(2, 6, 9), frame(3, 9, 12)];
    const screens = mergeScreens(frames, [
      seen('Search Results', [...shell, 'top', 'result'], { heading: 'Midnight Tides', urlPath: '/search' }),
      seen('Album Detail', [...shell, 'track', 'title'], { heading: 'Midnight Tides', urlPath: '/album/midnight-tides' }),
      seen('Album Detail', [...shell, 'track', 'title'], { heading: 'Midnight Tides', urlPath: '/album/nova' }),
      seen('Search Results', [...shell, 'top', 'result'], { heading: 'Midnight Tides', urlPath: '/search' }),
    ]);
    expect(screens.map((screen) => [screen.screenName, screen.visits.length])).toEqual([['Search Results', 2], ['Album Detail', 1]]);
  });

  it('should compare the sections of addresses after a locale or app prefix', () => {
    const words = ['home', 'search', 'library', 'midnight', 'tides'];
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6)],
      [seen('Search', words, { urlPath: '/app/search' }), seen('Album', words, { urlPath: '/app/album/nova' })],
    );
    expect(screens.map((screen) => screen.screenName)).toEqual(['Search', 'Album']);
  });

  it('should merge consecutive frames that share most of their words even when the names differ', () => {
    const words = ['settings', 'profile', 'team', 'billing', 'workspace'];
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6)],
      [seen('Settings', words), seen('Profile', [...words, 'email'])],
    );
    expect(screens.map((screen) => screen.screenName)).toEqual(['Settings']);
  });

  it("should keep a frame that names nothing and shows no new word on the screen before it, and a new one's words apart", () => {
    const bio = ['photographer', '35mm', 'medium', 'format', 'amman', 'prints', 'zines', 'and', 'workshops', 'below', 'studio', 'followed', 'by', 'theo', 'walks', 'lena', 'moss', 'others', 'message', 'porto'];
    const profile = ['noor', 'captures', 'followers', 'following', 'posts', 'lisbon', 'wadi', 'rum', 'darkroom', 'search', 'profile', 'activity', ...bio];
    const screens = (words: string[]) =>
      mergeScreens([frame(0, 0, 3), frame(1, 3, 6)], [seen('User Profile', profile), seen('', words)]).map((screen) => screen.screenName);
    // Scrolled into its grid of photos: only the highlights' captions and the tab bar read.
    expect(screens(['noor', 'captures', 'lisbon', 'wadi', 'rum', 'darkroom', 'search', 'profile', 'activity'])).toEqual(['User Profile']);
    expect(screens(['welcome', 'back', 'forgot', 'password', 'search'])).toHaveLength(2);
  });

  it('should keep a modal on the page under it, with its controls, and record its opening there', () => {
    const overlay = { x: 400, y: 200, width: 480, height: 300 };
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6, { overlay }), frame(2, 6, 9)],
      [
        seen('Team', ['team', 'members', 'roles']),
        seen('Invite Teammate Modal', ['invite', 'teammate'], { elements: [{ kind: 'input', label: 'Email' }] }),
        seen('Team', ['team', 'members', 'roles']),
      ],
    );
    expect(screens.map((screen) => [screen.screenName, screen.visits])).toEqual([['Team', [{ startSec: 0, endSec: 9 }]]]);
    expect(screens[0]?.elements).toContainEqual({ kind: 'input', label: 'Email' });
    expect(screens[0]?.screenshotPath).not.toBe('/work/keyframe-1.jpg');
    expect(screens[0]?.actions).toEqual([
      { kind: 'open_modal', target: 'Invite Teammate', atSec: 3, imagePath: '/work/keyframe-0.jpg' },
    ]);
  });

  it('should record the form sent from a modal that closed on its page', () => {
    const overlay = { x: 400, y: 200, width: 480, height: 300 };
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6, { overlay }), frame(2, 6, 9)],
      [
        seen('Team', ['team', 'members']),
        seen('Invite Teammate Modal', ['invite', 'email'], {
          elements: [{ kind: 'input', label: 'Email' }, { kind: 'button', label: 'Send invite' }],
          actions: [{ kind: 'type', target: 'Email', atSec: 4 }],
        }),
        seen('Team', ['team', 'members', 'devon']),
      ],
    );
    expect(screens).toHaveLength(1);
    expect(screens[0]?.actions.map((action) => [action.kind, action.target, action.atSec, action.imagePath])).toEqual([
      ['open_modal', 'Invite Teammate', 3, '/work/keyframe-0.jpg'],
      ['type', 'Email', 4, '/work/keyframe-1.jpg'],
      ['submit', 'Send invite', 6, '/work/keyframe-1.jpg'],
    ]);
  });

  it('should keep a sheet or panel over a page on it however unlike the page it reads, then leave for the next page', () => {
    const sheet = { x: 0, y: 400, width: 1280, height: 320 };
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6, { overlay: sheet }), frame(2, 6, 9)],
      [
        seen('Workout', ['squat', 'lunge', 'plank']),
        seen('Before You Start', ['intensity', 'hard', 'voice']),
        seen('Active Workout', ['set', 'reps', 'timer']),
      ],
    );
    expect(screens.map((screen) => [screen.screenName, screen.visits])).toEqual([
      ['Workout', [{ startSec: 0, endSec: 6 }]],
      ['Active Workout', [{ startSec: 6, endSec: 9 }]],
    ]);
    expect(screens[0]?.actions.map((action) => [action.kind, action.target, action.toScreen])).toEqual([
      ['open_modal', 'Before You Start', undefined],
      ['navigate', undefined, 'Active Workout'],
    ]);
  });

  it('should take the page a panel led to for a new screen, though it shares the header and the heading read in it', () => {
    const header = ['free', 'shipping', 'summit', 'new', 'men', 'women'];
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6, { overlay: { x: 0, y: 90, width: 1280, height: 400 } }), frame(2, 6, 9)],
      [
        seen('Home', [...header, 'built', 'for', 'the', 'long', 'way', 'round', 'shop', 'arrivals'], { heading: 'Summit' }),
        seen('Search', ['rain', 'jacket', 'popular', 'searches']),
        seen('Search Results', [...header, 'results', 'rain', 'jacket', 'filters', 'waterproof', 'price', 'sort', 'colour'], { heading: 'Summit' }),
      ],
    );
    expect(screens.map((screen) => screen.screenName)).toEqual(['Home', 'Search Results']);
  });

  it('should keep a tab switched in place under the same heading on its screen', () => {
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6, { switchedInPlace: true }), frame(2, 6, 9)],
      [seen('Workout', ['overview', 'coach', 'tip']), seen('Goblet Squat', ['goblet', 'squat', 'plank']), seen('Summary', ['done', 'rate'])],
    );
    expect(screens.map((screen) => [screen.screenName, screen.visits])).toEqual([
      ['Workout', [{ startSec: 0, endSec: 6 }]],
      ['Summary', [{ startSec: 6, endSec: 9 }]],
    ]);
    expect(screens[0]?.actions.map((action) => action.kind)).toEqual(['navigate']);
  });

  it('should record a submit when a form was typed into before leaving it', () => {
    const screens = mergeScreens(
      [frame(0, 0, 5), frame(1, 5, 8)],
      [
        seen('Sign Up', ['sign', 'up'], {
          elements: [{ kind: 'input', label: 'Email' }, { kind: 'button', label: 'Create Account' }],
          actions: [{ kind: 'type', target: 'Email', atSec: 5 }],
        }),
        seen('Welcome', ['welcome']),
      ],
    );
    expect(screens[0]?.actions).toEqual([
      { kind: 'type', target: 'Email', atSec: 5, imagePath: '/work/keyframe-0.jpg' },
      { kind: 'submit', target: 'Create Account', toScreen: 'Welcome', atSec: 5, imagePath: '/work/keyframe-0.jpg' },
      { kind: 'navigate', toScreen: 'Welcome', atSec: 5, imagePath: '/work/keyframe-0.jpg' },
    ]);
  });

  it("should not take a header's Sign in, or a filter showing its value, for what sent a form that asks no password", () => {
    const form = (typed: string, ...buttons: string[]) =>
      mergeScreens(
        [frame(0, 0, 5), frame(1, 5, 8)],
        [
          seen('Patient Details', ['patient', 'details'], {
            elements: [{ kind: 'input', label: typed }, ...buttons.map((label) => ({ kind: 'button' as const, label }))],
            actions: [{ kind: 'type', target: typed, atSec: 5 }],
          }),
          seen('Review Booking', ['review', 'booking']),
        ],
      )[0]?.actions.find((action) => action.kind === 'submit')?.target;
    expect(form('First name', 'Sign in', 'Next available: Today')).toBeUndefined();
    expect(form('First name', 'Sign in', 'Continue')).toBe('Continue');
    expect(form('Last name', 'Next: choose your seats')).toBe('Next: choose your seats');
    // Who the user is, typed: the account's own form.
    expect(form('Email address', 'Sign in')).toBe('Sign in');
  });

  it('should show each action on the key frame it happened on: a move on the last frame before the screen changed', () => {
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3.5, 6, { scrolledFromPrevious: true }), frame(2, 6, 9), frame(3, 9, 12)],
      [
        seen('Pricing', ['pricing', 'plans']),
        seen('Pricing', ['pricing', 'faq'], { actions: [{ kind: 'type', target: 'Seats', atSec: 6 }] }),
        seen('Checkout', ['checkout', 'card']),
        seen('Pricing', ['pricing', 'plans']),
      ],
    );
    expect(screens[0]?.actions.map((action) => [action.kind, action.atSec, action.imagePath])).toEqual([
      ['scroll', 3.5, '/work/keyframe-1.jpg'],
      ['type', 6, '/work/keyframe-1.jpg'],
      ['navigate', 6, '/work/keyframe-1.jpg'],
    ]);
    expect(screens[1]?.actions).toEqual([{ kind: 'navigate', toScreen: 'Pricing', atSec: 9, imagePath: '/work/keyframe-2.jpg' }]);
    expect(screens[0]?.visits).toEqual([{ startSec: 0, endSec: 6 }, { startSec: 9, endSec: 12 }]);
  });

  it('should keep a notice that appeared on a screen as the user acted, and not one it showed when reached', () => {
    const notice = (label: string) => ({ kind: 'text' as const, label });
    const rideWords = ['choose', 'ride', 'economy', 'comfort'];
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6)],
      [
        seen('Choose Ride', rideWords, { elements: [{ kind: 'heading', label: 'Choose a ride' }, notice('Free delivery applied')] }),
        seen('Choose Ride', rideWords, { elements: [{ kind: 'heading', label: 'Choose a ride' }, notice('Free delivery applied'), notice('Promo applied')] }),
      ],
    );
    expect(screens).toHaveLength(1);
    expect(screens[0]?.elements).toEqual([{ kind: 'heading', label: 'Choose a ride' }, notice('Promo applied')]);
  });

  it('should name a screen without readable heading by its position', () => {
    const screens = mergeScreens([frame(0, 0, 2)], [seen('', [])]);
    expect(screens[0]?.screenName).toBe('Screen 1');
  });

  it('should give a second screen of the same name its selected tab, so that every name is unique', () => {
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6)],
      [
        seen('Settings', ['settings', 'profile', 'team'], { heading: 'Settings', section: 'Profile', urlPath: '/settings' }),
        seen('Settings', ['billing', 'plan', 'card'], { heading: 'Payment details', section: 'Billing', description: 'Settings page.', urlPath: '/billing' }),
      ],
    );
    expect(screens.map((screen) => screen.screenName)).toEqual(['Settings', 'Settings - Billing']);
    expect(screens[1]?.description).toBe('Settings - Billing page.');
    expect(screens[0]?.actions).toEqual([
      { kind: 'navigate', toScreen: 'Settings - Billing', atSec: 3, imagePath: '/work/keyframe-0.jpg' },
    ]);
  });

  it('should number same-named screens that nothing else tells apart', () => {
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6)],
      [seen('Inbox', ['inbox'], { urlPath: '/inbox' }), seen('Inbox', ['other'], { urlPath: '/archive' })],
    );
    expect(screens.map((screen) => screen.screenName)).toEqual(['Inbox', 'Inbox 2']);
  });

  it('should take items of one name filed in two sections for one screen, and pages of one name in two sections for two', () => {
    const articles = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6), frame(2, 6, 9)],
      [
        seen('Article', ['heatwave', 'grid'], { urlPath: '/world/europe-heatwave-power-grid' }),
        seen('Home', ['front', 'page'], { urlPath: '/' }),
        seen('Article', ['heat', 'pumps'], { urlPath: '/climate/heat-pumps-cold-climate-norway' }),
      ],
    );
    expect(articles.map((screen) => [screen.screenName, screen.visits.length])).toEqual([['Article', 2], ['Home', 1]]);
    const inboxes = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6), frame(2, 6, 9)],
      [seen('Inbox', ['inbox'], { urlPath: '/inbox' }), seen('Home', ['front'], { urlPath: '/' }), seen('Inbox', ['other'], { urlPath: '/archive' })],
    );
    expect(inboxes.map((screen) => screen.screenName)).toEqual(['Inbox', 'Home', 'Inbox 2']);
  });

  it('should start a confirmation as its own screen though it echoes the form it confirms', () => {
    const echoed = ['big', 'mouth', 'comedy', 'night', 'bell', 'house', 'gowanus', 'general', 'admission'];
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6)],
      [
        seen('Checkout', [...echoed, 'promo', 'pay'], { heading: 'Big Mouth Comedy Night' }),
        seen('Order Confirmation', [...echoed, 'receipt', 'wallet'], { heading: 'Big Mouth Comedy Night' }),
      ],
    );
    expect(screens.map((screen) => screen.screenName)).toEqual(['Checkout', 'Order Confirmation']);
  });

  it('should keep frames that show the same address on one screen whatever their names', () => {
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6)],
      [seen('Login', ['welcome', 'email'], { urlPath: '/' }), seen('Home', ['typed', 'value'], { urlPath: '/' })],
    );
    expect(screens.map((screen) => screen.screenName)).toEqual(['Login']);
  });

  it('should not let a scrolled frame named otherwise pull the next page into the visit', () => {
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6, { scrolledFromPrevious: true }), frame(2, 6, 9)],
      [seen('Home', ['hero', 'shop']), seen('Product Listing', ['featured', 'price']), seen('Product Listing', ['all', 'products', 'sort'])],
    );
    expect(screens.map((screen) => screen.screenName)).toEqual(['Home', 'Product Listing']);
    expect(screens[1]?.firstSeenSec).toBe(6);
  });

  it('should tell which screen each frame went to', () => {
    const { screenOfFrame } = mergeFrames(
      [frame(0, 0, 4), frame(1, 4, 8), frame(2, 8, 12)],
      [seen('Home', ['home', 'shop']), seen('Cart', ['cart', 'total']), seen('Home', ['home', 'shop'])],
    );
    expect(screenOfFrame).toEqual(['Home', 'Cart', 'Home']);
  });
});
