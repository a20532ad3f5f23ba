import { correctLabel } from './label-correction';

describe('correctLabel', () => {
  it('snaps a label bent by a slip to the common label it was', () => {
    expect(correctLabel('Add tR Cart')).toBe('Add to Cart');
    expect(correctLabel('Proceed to Checkcut')).toBe('Proceed to Checkout');
    expect(correctLabel('Place 0rder')).toBe('Place Order');
  });

  it('keeps a label of real words that only looks like a common one', () => {
    expect(correctLabel('Save to wishlist')).toBe('Save to wishlist');
    expect(correctLabel('Add to Cart')).toBe('Add to Cart');
  });

  it('leaves short and long texts alone', () => {
    expect(correctLabel('Ok')).toBe('Ok');
    expect(correctLabel('Add this to my cart please')).toBe('Add this to my cart please');
  });
});
