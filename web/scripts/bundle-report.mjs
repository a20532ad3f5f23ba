// Prints the gzipped size of each initial chunk (the scripts and modulepreloads of dist/index.html),
// then what the landing route adds on top (its lazily loaded chunk and that chunk's static imports).
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const LIMIT_KB = 250;

function gzipKb(file) {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map(
  (match) => match[1],
);
const unique = [...new Set(initial)];

const rows = unique.map((file) => ({ file, kb: gzipKb(file) }));
const initialTotal = rows.reduce((sum, row) => sum + row.kb, 0);

console.log('Initial chunks (dist/index.html):');
for (const row of rows) console.log(`  ${row.file.padEnd(48)} ${row.kb.toFixed(1).padStart(7)} KB gzip`);
console.log(`  ${'total'.padEnd(48)} ${initialTotal.toFixed(1).padStart(7)} KB gzip`);

// The landing route's own chunks, from Vite's manifest.
const manifestPath = join(dist, '.vite', 'manifest.json');
let landingTotal = 0;
if (existsSync(manifestPath)) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const seen = new Set(unique);
  const extra = [];
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry) return;
    if (!seen.has(entry.file)) {
      seen.add(entry.file);
      extra.push(entry.file);
    }
    for (const child of entry.imports ?? []) visit(child);
  };
  visit('src/features/landing/landing.page.tsx');
  console.log('Landing route, loaded on demand:');
  for (const file of extra) {
    const kb = gzipKb(file);
    landingTotal += kb;
    console.log(`  ${file.padEnd(48)} ${kb.toFixed(1).padStart(7)} KB gzip`);
  }
}
const landing = initialTotal + landingTotal;
console.log(`Landing page JavaScript: ${landing.toFixed(1)} KB gzip (limit ${LIMIT_KB} KB)`);
if (landing > LIMIT_KB) {
  console.error('Over the limit.');
  process.exitCode = 1;
}
