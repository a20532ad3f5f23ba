import { normalizePolarity } from './src/pipeline/ocr/polarity';
import { removeRuledLines } from './src/pipeline/ocr/ruled-lines';
import { thumbnail, changedBands } from './src/pipeline/ocr/incremental';
import { prepareFrames } from './src/pipeline/ocr/frame-images';
import fs from 'node:fs';
(async () => {
  const files = fs.readdirSync('/tmp/prof-work').filter((f) => f.endsWith('.jpg')).sort().slice(0, 12).map((f) => '/tmp/prof-work/' + f);
  const frames = files.map((imagePath, index) => ({ index, timeSec: 0, startSec: 0, endSec: 0, imagePath, width: 1280, height: 720, scrolledFromPrevious: false, changedRegions: [] }));
  let t = performance.now();
  const images = await Promise.all(prepareFrames(frames));
  console.log('prepareFrames total', (performance.now() - t).toFixed(0));
  const g = images[0]!.gray; const w = images[0]!.width, h = images[0]!.height;
  for (const [name, fn] of [['polarity', () => normalizePolarity(g, w, h)], ['ruled', () => removeRuledLines(g, w, h)], ['thumb', () => thumbnail(g, w, h)], ['bands', () => changedBands(g, images[1]!.gray, w, h)]] as const) {
    t = performance.now(); for (let i = 0; i < 10; i++) (fn as () => unknown)(); console.log(name, ((performance.now() - t) / 10).toFixed(1), 'ms');
  }
})();
