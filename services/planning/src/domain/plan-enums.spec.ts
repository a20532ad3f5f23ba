import type { TrackingEvent, TrackingProperty } from '@tracklens/contracts';
import { analysisOf, pageSpec } from '../testing/analysis.factory';
import { withAllowedValues } from './plan-enums';
import { screensOf } from './plan-screens';

function eventWith(...properties: TrackingProperty[]): TrackingEvent {
  return { name: 'Something Happened', trigger: 'User does it', description: '', category: 'user_action', screenshot_path: null, properties };
}

function text(name: string, example: string): TrackingProperty {
  return { name, type: 'string', description: name, example, required: false };
}

const screens = screensOf(
  analysisOf([
    pageSpec({
      screenName: 'Checkout', screenKind: 'checkout', order: 0,
      elements: [
        { kind: 'button', label: 'Card' },
        { kind: 'button', label: 'PayPal' },
        { kind: 'button', label: 'Apple Pay' },
        { kind: 'text', label: 'Standard shipping' },
        { kind: 'text', label: 'Express shipping' },
        { kind: 'text', label: 'Free returns within 30 days' },
      ],
    }),
    pageSpec({ screenName: 'Invite members', screenKind: 'other', order: 1, elements: [{ kind: 'text', label: 'Admin' }, { kind: 'text', label: 'Viewer' }] }),
    pageSpec({ screenName: 'Pricing', screenKind: 'other', order: 2, elements: [{ kind: 'heading', label: 'Starter' }, { kind: 'heading', label: 'Pro' }, { kind: 'heading', label: 'Enterprise' }] }),
    pageSpec({ screenName: 'Feed', screenKind: 'content', order: 3, elements: [{ kind: 'tab', label: 'Feed' }, { kind: 'tab', label: 'Search' }] }),
    pageSpec({ screenName: 'Cart', screenKind: 'cart', order: 4, elements: [{ kind: 'button', label: 'PayPal' }] }),
  ]),
);

describe(withAllowedValues.name, () => {
  const [event] = withAllowedValues(
    [
      eventWith(
        text('payment_method', 'card'),
        text('shipping_method', 'standard'),
        text('invitee_role', 'member'),
        text('trial_plan_name', 'Pro'),
        text('tab_name', 'Search'),
        text('query', 'linen shirt'),
        text('page_name', 'Checkout'),
      ),
    ],
    screens,
  );
  const byName = (name: string) => event?.properties.find((p) => p.name === name);

  it('should make an enum of the options a checkout shows side by side, with the example one of them', () => {
    expect(byName('payment_method')).toEqual(expect.objectContaining({ type: 'enum', values: ['Card', 'PayPal', 'Apple Pay'], example: 'Card' }));
    expect(byName('shipping_method')).toEqual(
      expect.objectContaining({ type: 'enum', values: ['Standard shipping', 'Express shipping'], example: '' }),
    );
  });

  it('should make enums of the roles an invitation offers, the plans of a pricing page and a tab bar', () => {
    expect(byName('invitee_role')).toEqual(expect.objectContaining({ type: 'enum', values: ['Admin', 'Viewer'], example: '' }));
    expect(byName('trial_plan_name')).toEqual(expect.objectContaining({ type: 'enum', values: ['Starter', 'Pro', 'Enterprise'], example: 'Pro' }));
    expect(byName('tab_name')).toEqual(expect.objectContaining({ type: 'enum', values: ['Feed', 'Search'], example: 'Search' }));
  });

  it('should keep screens free text, since a recording shows only some of them', () => {
    expect(byName('page_name')).toEqual(text('page_name', 'Checkout'));
  });

  it('should flag what the user typed as personal data, without an example', () => {
    expect(byName('query')).toEqual({ ...text('query', ''), pii: true });
  });

  it('should leave a property text when the screen shows fewer than two of its options', () => {
    const [single] = withAllowedValues([eventWith(text('payment_method', 'card'))], screens.filter((s) => s.kind === 'cart'));
    expect(single?.properties[0]).toEqual(text('payment_method', 'card'));
  });
});
