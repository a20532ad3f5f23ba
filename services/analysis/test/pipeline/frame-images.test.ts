import path from 'node:path';
import { prepareFrames } from '../../src/pipeline/ocr/frame-images';
import { TesseractEngine } from '../../src/pipeline/ocr/tesseract-engine';
import type { KeyFrame } from '../../src/pipeline';

/** A phone app's home from one of our recordings: dark headings and figures, idle tab labels in light gray. */
const PHONE_HOME: KeyFrame = {
  index: 0,
  timeSec: 10.6,
  startSec: 8.75,
  endSec: 11,
  imagePath: path.join(__dirname, '../fixtures/phone-home-tab-bar.jpg'),
  width: 720,
  height: 1380,
  scrolledFromPrevious: false,
  changedRegions: [],
};

describe('frames prepared for reading', () => {
  it("should let tesseract read a tab bar's light gray labels on a frame that also holds dark text", async () => {
    const [prepared] = prepareFrames([PHONE_HOME]);
    const image = await prepared;
    if (!image) throw new Error('no image');
    const engine = new TesseractEngine();
    try {
      const words = (await engine.recognize(image)).flatMap((line) => line.words.map((word) => word.text));
      expect(words).toEqual(expect.arrayContaining(['Good', 'Workouts', 'Progress']));
    } finally {
      await engine.close();
    }
  }, 60_000);
});
