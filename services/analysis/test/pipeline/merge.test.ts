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
    expect(screens[1]?.actions).toEqual([{ kind: 'navigate', toScreen: 'Home', atSec: 8 }]);
  });

  it('should keep a scrolled frame with another heading on the same screen and record the scroll', () => {
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3.5, 6, { scrolledFromPrevious: true })],
      [seen('Everyday Essentials', ['everyday', 'essentials']), seen('Featured Products', ['featured', 'products'])],
    );
    expect(screens).toHaveLength(1);
    expect(screens[0]?.screenName).toBe('Everyday Essentials');
    expect(screens[0]?.actions).toEqual([{ kind: 'scroll', atSec: 3.5 }]);
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

  it('should make a modal its own screen, opened from the page under it', () => {
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6, { overlay: { x: 400, y: 200, width: 480, height: 300 } }), frame(2, 6, 9)],
      [seen('Team', ['team']), seen('Invite a Teammate', ['invite', 'teammate']), seen('Team', ['team'])],
    );
    expect(screens.map((screen) => screen.screenName)).toEqual(['Team', 'Invite a Teammate']);
    expect(screens[0]?.actions).toEqual([
      { kind: 'open_modal', target: 'Invite a Teammate', toScreen: 'Invite a Teammate', atSec: 3 },
    ]);
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
      { kind: 'type', target: 'Email', atSec: 5 },
      { kind: 'submit', target: 'Create Account', toScreen: 'Welcome', atSec: 5 },
      { kind: 'navigate', toScreen: 'Welcome', atSec: 5 },
    ]);
  });

  it('should name a screen without readable heading by its position', () => {
    const screens = mergeScreens([frame(0, 0, 2)], [seen('', [])]);
    expect(screens[0]?.screenName).toBe('Screen 1');
  });

  it('should give a second screen of the same name its selected tab, so that every name is unique', () => {
    const overlay = { x: 400, y: 200, width: 480, height: 300 };
    const screens = mergeScreens(
      [frame(0, 0, 3), frame(1, 3, 6, { overlay })],
      [
        seen('Settings', ['settings', 'profile', 'team'], { heading: 'Settings', section: 'Profile' }),
        seen('Settings', ['billing', 'plan', 'card'], { heading: 'Payment details', section: 'Billing', description: 'Settings dialog.' }),
      ],
    );
    expect(screens.map((screen) => screen.screenName)).toEqual(['Settings', 'Settings - Billing']);
    expect(screens[1]?.description).toBe('Settings - Billing dialog.');
    expect(screens[0]?.actions).toEqual([
      { kind: 'open_modal', target: 'Settings - Billing', toScreen: 'Settings - Billing', atSec: 3 },
    ]);
  });

  it('should number same-named screens that nothing else tells apart', () => {
    const overlay = { x: 400, y: 200, width: 480, height: 300 };
    const screens = mergeScreens([frame(0, 0, 3), frame(1, 3, 6, { overlay })], [seen('Inbox', ['inbox']), seen('Inbox', ['other'])]);
    expect(screens.map((screen) => screen.screenName)).toEqual(['Inbox', 'Inbox 2']);
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
