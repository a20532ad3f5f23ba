import { analysisOf, pageSpec } from '../testing/analysis.factory';
import { screensOf } from './plan-screens';

function titleOf(screenName: string): string | undefined {
  return screensOf(analysisOf([pageSpec({ screenName, screenKind: 'other', elements: [] })]))[0]?.title;
}

describe('screen titles', () => {
  it.each([
    ["You've Arrived", 'Arrived'],
    ['It’s Ready', 'Ready'],
    ["They've Replied", 'Replied'],
    ['Plan Ride', 'Plan Ride'],
    ['Order History', 'Order History'],
  ])('should title %j "%s", without a pronoun and its verb cut in two', (name, title) => {
    expect(titleOf(name)).toBe(title);
  });
});
