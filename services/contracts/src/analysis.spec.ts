import { consentAnswerOf, facetOf, mentionsCookies, namesNextStep, noticeOf, pictureCounterOf, savedToListOf, showsValue } from './analysis';

describe(facetOf.name, () => {
  it.each([
    ['Status: Pending', { facet: 'Status', value: 'Pending' }],
    ['Sort by: Newest first', { facet: 'Sort by', value: 'Newest first' }],
    ['Size:M', { facet: 'Size', value: 'M' }],
  ])('should read %j as a facet and the value it shows', (label, shown) => {
    expect(facetOf(label)).toEqual(shown);
  });

  it.each(['Role', 'Order: #4471', 'Total: €89.00', 'Email: maria@lopez.es', 'Note: please call me back after six tomorrow morning'])(
    'should not take %j for a filter showing its value',
    (label) => {
      expect(facetOf(label)).toBeNull();
    },
  );
});

describe(showsValue.name, () => {
  it("should take a fact and its value for what sends nothing, and a step's 'Next: …' for a step", () => {
    expect(showsValue('Next available: Today')).toBe(true);
    expect(showsValue('Next: choose your seats')).toBe(false);
    expect(namesNextStep('Next: choose your seats')).toBe(true);
    expect(namesNextStep('Continue: payment')).toBe(true);
    expect(namesNextStep('Next available: Today')).toBe(false);
    expect(showsValue('Continue')).toBe(false);
  });
});

describe(noticeOf.name, () => {
  it.each([
    ['Promo applied', { thing: 'promo', done: 'applied' }],
    ['✓ Promo applied · 20% off your next 3 rides', { thing: 'promo', done: 'applied' }],
    ['Message sent to Marco', { thing: 'message', done: 'sent' }],
    ['Your post is shared', { thing: 'post', done: 'shared' }],
    ['Changes saved.', { thing: 'changes', done: 'saved' }],
    ['Booking canceled', { thing: 'booking', done: 'cancelled' }],
    ['TRANSFER SENT', { thing: 'transfer', done: 'sent' }],
    ['Card frozen', { thing: 'card', done: 'frozen' }],
    ['Password changed', { thing: 'password', done: 'changed' }],
    ['Ticket transferred to sam@mail.com', { thing: 'ticket', done: 'transferred' }],
    // A toast's title and body read as one line.
    ['Account created Welcome, Sofia', { thing: 'account', done: 'created' }],
    ['✓ Reminder saved We will nudge you at 8:00', { thing: 'reminder', done: 'saved' }],
    // Where or for whom stays out of the thing.
    ['Your booking in Barcelona is confirmed', { thing: 'booking', done: 'confirmed' }],
    ['Your table for 2 is booked', { thing: 'table', done: 'booked' }],
  ])('should read %j as a notice of what was done', (text, notice) => {
    expect(noticeOf(text)).toEqual(notice);
  });

  it.each(['Saved', 'Saved places', 'Item added to cart', 'You followed noor', 'Last updated', 'Successfully saved', 'Photo posted by mira', 'Recently viewed', 'Checkout Step Completed', 'Profile updated daily by Sam', 'Order Completed Today'])(
    'should not take %j for a notice of an action',
    (text) => {
      expect(noticeOf(text)).toBeNull();
    },
  );
});

describe(consentAnswerOf.name, () => {
  it.each([
    ['Accept all', 'accept_all'],
    ['Got it!', 'accept_all'],
    ['Reject all', 'reject_all'],
    ['Only necessary', 'reject_all'],
    ['manage preferences', 'custom'],
    ['Cookie settings', 'custom'],
  ])('should read %j as the answer %s', (label, answer) => {
    expect(consentAnswerOf(label)).toBe(answer);
  });

  it('should read no answer in other labels, and tell a banner by what it says', () => {
    expect(consentAnswerOf('Add to cart')).toBeUndefined();
    expect(mentionsCookies('We use cookies to measure our audience')).toBe(true);
    expect(mentionsCookies('Good journalism, every morning')).toBe(false);
  });
});

describe(savedToListOf.name, () => {
  it.each([
    ['Saved to your list', 'list'],
    ['Added to wishlist', 'wishlist'],
    ['♥ Saved to your homes View', 'homes'],
    ['Saved to Barcelona trip View list', 'trip'],
    ['Added to favorites', 'favorites'],
  ])('should read %j as an item kept in the list %j', (text, list) => {
    expect(savedToListOf(text)).toBe(list);
  });

  it.each(['Added to cart', 'Added to calendar', 'Saved to Apple Wallet', 'Saved', 'Add to wishlist', 'Changes saved to your profile'])(
    'should not take %j for an item kept in a list',
    (text) => {
      expect(savedToListOf(text)).toBeNull();
    },
  );
});

describe(pictureCounterOf.name, () => {
  it.each([
    ['Deluxe Double Room with balcony 2 / 48', 48],
    ['Hotel Arbor Eixample from Carrer del Consell de Cent - 1/ 48', 48],
    ['Passenger details 2 / 4', null],
    ['Question 3 / 10', null],
    ['Rated 4/5', null],
    ['Thu 18/09', null],
  ])('should read "%s" as a set of %s', (text, size) => {
    expect(pictureCounterOf(text)).toBe(size);
  });
});
