import { createNameCleaner, isKnownWord, ocrDistance, RecordingWords, type ReadWord } from './name-cleaner';

/** Words as OCR gives them, read cleanly unless told. */
const read = (text: string, confidence = 92): ReadWord[] => text.split(/\s+/).map((word) => ({ text: word, confidence }));

/** A recording in which each of `readings` was read once, in that many separate readings. */
function recording(...readings: string[]): RecordingWords {
  const words = new RecordingWords();
  for (const text of readings) words.addReading(read(text));
  return words;
}

describe('name cleaner', () => {
  describe(ocrDistance.name, () => {
    it('should count the glyphs OCR confuses as cheaper than any other edit', () => {
      expect(ocrDistance('rnenu', 'menu')).toBeLessThan(0.5);
      expect(ocrDistance('0rder', 'order')).toBeLessThan(0.5);
      expect(ocrDistance('cleal', 'deal')).toBeLessThan(0.5);
      expect(ocrDistance('vvish', 'wish')).toBeLessThan(0.5);
      expect(ocrDistance('5ave', 'save')).toBeLessThan(0.5);
      expect(ocrDistance('xenu', 'menu')).toBe(1);
    });

    it('should give up past the limit', () => {
      expect(ocrDistance('xqzv', 'submitted', 1.5)).toBe(Number.POSITIVE_INFINITY);
    });
  });

  describe(isKnownWord.name, () => {
    it.each(['checkout', 'Sign', 'wishlist', 'signups', "Don't", 'follow-up', "today's", 'dashboard', 'FAQ'])(
      'should know "%s"',
      (word) => expect(isKnownWord(word)).toBe(true),
    );

    it.each(['xqzv', 'chcckout', 'tr', 'Lear', 'q'])('should not know "%s"', (word) => expect(isKnownWord(word)).toBe(false));
  });

  describe('names', () => {
    const clean = (text: string, words = new RecordingWords(), screen: ReadWord[] = []): string | undefined =>
      createNameCleaner(words, screen).name(text);

    it.each([
      ['Sigm In', 'Sign In'],
      ['Chcckout', 'Checkout'],
      ['rnenu', 'menu'],
      ['Pr0ducts', 'Products'],
      ['Order #4471', 'Order #4471'],
      ['Sign-Up', 'Sign-Up'],
      ['YOUR CART', 'YOUR CART'],
    ])('should read "%s" as "%s"', (text, name) => {
      expect(clean(text)).toBe(name);
    });

    it('should complete a word cut at a card edge, or drop it when it could be several', () => {
      expect(clean('Lear')).toBe('Learn');
      expect(clean('Dashbo')).toBe('Dashboard');
      expect(clean('Subm')).toBeUndefined();
    });

    it('should complete a cut word only at the end, where the edge cuts', () => {
      expect(clean('Lear more')).toBeUndefined();
    });

    it('should drop garbage and give up on a name when too little is left', () => {
      expect(clean('Xqzv')).toBeUndefined();
      expect(clean('Xqzv Submitted')).toBeUndefined();
      expect(clean('Wkrtz Jqf Pricing')).toBeUndefined();
      expect(clean('Pricing Plans Qzxj')).toBe('Pricing Plans');
    });

    it('should keep a brand read alike on several readings, and drop it read once', () => {
      const often = recording('Tunewave Home', 'Tunewave Search', 'Tunewave Premium', 'Tunewave Library');
      expect(clean('Tunewave Premium', often)).toBe('Tunewave Premium');
      expect(clean('Tunewave', recording('Tunewave Home'))).toBeUndefined();
    });

    it('should not take an icon read as the same letter on every frame for a word', () => {
      expect(clean('Explore Premium Q', recording('Q', 'Q', 'Q', 'Q'))).toBe('Explore Premium');
    });

    it('should not correct a reading to an icon read as the same letter on every frame', () => {
      expect(clean('Explore Premium G', recording('Q', 'Q', 'Q', 'Q'))).toBe('Explore Premium');
    });

    it('should keep a name with accented letters or a hyphen that several readings agree on', () => {
      expect(clean('Inês Home', recording('Inês Home', 'Inês', 'Inês'))).toBe('Inês Home');
      expect(clean('Zoë Okafor', recording('Zoë Okafor', 'Zoë Okafor', 'Zoë Okafor'))).toBe('Zoë Okafor');
      expect(clean('Coca-Cola Deals', recording('Coca-Cola', 'Coca-Cola', 'Coca-Cola'))).toBe('Coca-Cola Deals');
    });

    it('should not count words read with low confidence as confirmed', () => {
      const doubtful = new RecordingWords();
      for (let i = 0; i < 4; i += 1) doubtful.addReading(read('Qwzrt', 40));
      expect(clean('Qwzrt', doubtful)).toBeUndefined();
    });

    it('should correct a near miss to a word read elsewhere on the recording before the dictionary', () => {
      const brand = recording('Tunewave', 'Tunewave', 'Tunewave');
      expect(clean('Tunewav', brand)).toBe('Tunewave');
      expect(clean('Tunevvave Premium', brand)).toBe('Tunewave Premium');
    });

    it('should correct a misreading repeated on every frame to the word read cleanly beside it, but keep a name', () => {
      const doctors = recording('Next avallable', 'Next avallable Next available', 'Next avallable available', 'Dr. Hart heart', 'Hart', 'Hart');
      expect(clean('Next Avallable', doctors)).toBe('Next Available');
      expect(clean('Hart Clinic', doctors)).toBe('Hart Clinic');
      expect(clean('Next Avallable', recording('Next avallable', 'Next avallable', 'Next avallable'))).toBe('Next Available');
      expect(clean('Next Avallabie', doctors)).toBe('Next Available');
      expect(clean('Tunewave Premium', recording('Tunewave', 'Tunewave', 'Tunewave'))).toBe('Tunewave Premium');
    });

    it('should correct a heading misread alike on every frame to the word a tab beside it reads cleanly', () => {
      const tabs = recording('Soarch Search', 'Soarch Search', 'Soarch Search Saved');
      expect(clean('Soarch', tabs)).toBe('Search');
      expect(clean('Soarch', recording('Soarch', 'Soarch', 'Soarch'))).toBe('Soarch');
    });

    it("should correct a platform's name misread alike on every frame to the platform's", () => {
      expect(clean('Shopity Orders', recording('Shopity', 'Shopity', 'Shopity', 'Shopity'))).toBe('Shopify Orders');
    });

    it('should complete a cut word from what the screen read', () => {
      expect(clean('Playli', new RecordingWords(), read('Your playlists'))).toBe('Playlists');
    });
  });

  describe('labels', () => {
    const label = (text: string): string | undefined => createNameCleaner(new RecordingWords()).label(text);

    it('should keep words and numbers a control shows', () => {
      expect(label('Add to Cart')).toBe('Add to Cart');
      expect(label('Cart (2)')).toBe('Cart (2)');
      expect(label('Forgot password?')).toBe('Forgot password?');
    });

    it('should drop a control whose label is noise', () => {
      expect(label('Xqzv')).toBeUndefined();
      expect(label('wv) 2')).toBeUndefined();
    });

    it('should drop an icon read as a letter before the label', () => {
      expect(label('A Home')).toBe('Home');
    });
  });
});
