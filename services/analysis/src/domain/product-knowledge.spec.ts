import type { PageSpec } from '@tracklens/contracts';
import { MAIN_FLOW, buildProductKnowledge, keyActionsOf } from './product-knowledge';

type Spec = Pick<PageSpec, 'screenName' | 'elements' | 'actions' | 'order'>;

function spec(overrides: Partial<Spec> & { screenName: string; order: number }): Spec {
  return { elements: [], actions: [], ...overrides };
}

describe(buildProductKnowledge.name, () => {
  const signUp = spec({
    screenName: 'Create Account',
    order: 0,
    elements: [
      { kind: 'input', label: 'Email' },
      { kind: 'input', label: 'Password' },
      { kind: 'button', label: 'Sign Up' },
    ],
    actions: [
      { kind: 'type', target: 'Email', atSec: 1 },
      { kind: 'submit', target: 'sign up', toScreen: 'Dashboard', atSec: 4 },
      { kind: 'navigate', toScreen: 'Dashboard', atSec: 4 },
    ],
  });
  const dashboard = spec({ screenName: 'Dashboard', order: 1, elements: [{ kind: 'link', label: 'Reports' }] });
  const reports = spec({ screenName: 'Reports', order: 2, elements: [{ kind: 'tab', label: 'Monthly' }] });

  it('should always start with a Main Flow of every screen in order', () => {
    const knowledge = buildProductKnowledge([reports, signUp, dashboard]);
    expect(knowledge.journeys[0]).toEqual({ name: MAIN_FLOW, description: expect.any(String), steps: ['Create Account', 'Dashboard', 'Reports'] });
  });

  it('should make a journey of each submitted form, named after its button', () => {
    const knowledge = buildProductKnowledge([signUp, dashboard, reports]);
    expect(knowledge.journeys).toContainEqual({
      name: 'Sign Up',
      description: 'Fill in Email and Password on Create Account and press sign up.',
      steps: ['Create Account', 'Dashboard'],
    });
  });

  it('should split the screens where the demo does not move on by itself', () => {
    const knowledge = buildProductKnowledge([signUp, dashboard, reports]);
    expect(knowledge.journeys.map((journey) => journey.name)).toEqual([MAIN_FLOW, 'Sign Up']);
    const linked = buildProductKnowledge([
      signUp,
      { ...dashboard, actions: [{ kind: 'navigate', toScreen: 'Reports', atSec: 6 }] },
      reports,
      spec({ screenName: 'Help', order: 3 }),
      spec({ screenName: 'Contact', order: 4 }),
    ]);
    expect(linked.journeys).toContainEqual(expect.objectContaining({ name: 'Create Account to Reports', steps: ['Create Account', 'Dashboard', 'Reports'] }));
  });

  it('should summarise the screens in one sentence a person can read', () => {
    const knowledge = buildProductKnowledge([signUp, dashboard, reports]);
    expect(knowledge.summary).toMatch(/^The product demo shows 3 screens: Create Account, Dashboard and Reports\. Journeys besides the main flow: Sign Up\./);
  });

  it('should list key actions per screen from what was seen, then from what is visible, without repeats', () => {
    expect(keyActionsOf(signUp)).toEqual(['Enter Email', 'Submit with sign up', 'Go to Dashboard', 'Enter Password', 'Click Sign Up']);
    expect(buildProductKnowledge([dashboard]).keyActions).toEqual([{ screenName: 'Dashboard', keyActions: ['Open Reports'] }]);
  });

  it('should leave the site navigation and scrolling out of the key actions of each screen', () => {
    const header = [
      { kind: 'link' as const, label: 'Shop' },
      { kind: 'link' as const, label: 'Journal' },
    ];
    const home = spec({
      screenName: 'Home',
      order: 0,
      elements: [...header, { kind: 'button', label: 'Shop now' }, { kind: 'link', label: 'Our story' }],
      actions: [
        { kind: 'scroll', atSec: 1 },
        { kind: 'navigate', toScreen: 'Products', atSec: 3 },
      ],
    });
    const products = spec({ screenName: 'Products', order: 1, elements: [...header, { kind: 'button', label: 'Add to cart' }] });
    expect(buildProductKnowledge([home, products]).keyActions).toEqual([
      { screenName: 'Home', keyActions: ['Go to Products', 'Click Shop now', 'Open Our story'] },
      { screenName: 'Products', keyActions: ['Click Add to cart'] },
    ]);
  });
});
