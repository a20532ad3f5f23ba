import type { FrameRecord } from './ports';
import { bestFrame, wordsOf } from './frame-match';

function frame(position: number, screenName: string, text: string, screenshotKey: string | null = `shot-${position}.jpg`): FrameRecord {
  return { position, timeSec: position * 3, screenshotKey, screenName, words: wordsOf(`${screenName} ${text}`), elements: [] };
}

describe(bestFrame.name, () => {
  const frames = [
    frame(0, 'Welcome Back', 'Sign in to manage your orders Email Password Sign In'),
    frame(1, 'Product Catalog', 'Browse our latest arrivals Add to Cart'),
    frame(2, 'Shopping Cart', 'Review the items in your cart Checkout'),
  ];

  it('should pick the frame whose words match the screen name best', () => {
    expect(bestFrame(frames, 'Shopping Cart', 'Items before paying')?.position).toBe(2);
    expect(bestFrame(frames, 'Catalog', 'All products')?.position).toBe(1);
  });

  it('should use the description when the name is new', () => {
    expect(bestFrame(frames, 'Basket', 'Review the items and go to checkout')?.position).toBe(2);
  });

  it('should find nothing for a screen the video does not show', () => {
    expect(bestFrame(frames, 'Notification Preferences', 'Choose which alerts arrive by text message')).toBeNull();
    expect(bestFrame([], 'Shopping Cart', 'Cart')).toBeNull();
  });

  it('should not count glue words such as "the" or "page"', () => {
    expect(wordsOf('The Page of the Cart, with 2 items!')).toEqual(['cart', 'items']);
  });
});
