// Renders the gallery's demo illustrations (scripts/demo-images/*.svg) to public/images/gallery/<name>.webp,
// the images the seeded Gallery page's carousel shows, and to <name>-<width>w.webp at the narrower widths the
// page offers a phone or a tablet instead (the slides' `sources`, src/server/db/seed/galleryPage.ts).
//
// sharp is deliberately not a project dependency (it pulls in native libvips binaries for one rarely run
// script), so install it outside the project and say where:
//
//   npm install --prefix /tmp/sharp-tool sharp@0.35.5
//   SHARP_PREFIX=/tmp/sharp-tool node scripts/demo-images/build.mjs
//
// The .webp files are committed, so this only needs running after an .svg changes.
import { createRequire } from 'node:module';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The seeded slides declare 1600 × 1067 so the carousel can reserve the space before an image arrives.
const width = 1600;
const height = 1067;
// Six slides must stay light enough for a phone on a slow connection. Every edge costs bytes in lossy WebP, so
// the drawings keep outlines few; flat colour survives low qualities without visible blocking.
const maximumBytes = 40 * 1024;
const qualities = [80, 75, 70, 65, 60, 55, 50, 45, 40, 35];
// A 390-pixel phone at 2× wants about 800 pixels, a 1.5× one or a small tablet column 480 or 1200: see the seed's
// SOURCE_WIDTHS, which must list the same widths.
const sourceWidths = [480, 800, 1200];

const sourceDirectory = dirname(fileURLToPath(import.meta.url));
const outputDirectory = resolve(sourceDirectory, '../../public/images/gallery');

function loadSharp() {
  const prefix = process.env.SHARP_PREFIX;
  if (!prefix) {
    console.error('Set SHARP_PREFIX to the folder sharp was installed into (see the top of this file).');
    process.exit(1);
  }
  return createRequire(join(resolve(prefix), 'package.json'))('sharp');
}

/** The best quality that still fits the size budget: flat illustrations rarely need the lowest settings. */
async function encode(sharp, svg, outputWidth) {
  const outputHeight = Math.round((height * outputWidth) / width);
  const pixels = await sharp(svg).resize(outputWidth, outputHeight, { fit: 'fill' }).png().toBuffer();
  // Fewer pixels need fewer bytes, though edges cost more per pixel when small: the budget shrinks with the width.
  const budget = (maximumBytes * outputWidth) / width;
  for (const quality of qualities) {
    // smartSubsample keeps the thin red and gold edges crisp, which plain 4:2:0 chroma subsampling smears.
    const webp = await sharp(pixels).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
    if (webp.length <= budget) return { webp, quality, outputHeight };
  }
  throw new Error(`cannot fit within ${Math.round(budget)} bytes even at quality ${qualities.at(-1)}`);
}

const sharp = loadSharp();
mkdirSync(outputDirectory, { recursive: true });
const sources = readdirSync(sourceDirectory).filter((file) => file.endsWith('.svg')).sort();
for (const source of sources) {
  const name = basename(source, '.svg');
  const svg = readFileSync(join(sourceDirectory, source));
  for (const outputWidth of [width, ...sourceWidths]) {
    const { webp, quality, outputHeight } = await encode(sharp, svg, outputWidth);
    const { width: writtenWidth, height: writtenHeight } = await sharp(webp).metadata();
    if (writtenWidth !== outputWidth || writtenHeight !== outputHeight) {
      throw new Error(`${name} at ${outputWidth} came out ${writtenWidth} × ${writtenHeight}`);
    }
    const file = outputWidth === width ? `${name}.webp` : `${name}-${outputWidth}w.webp`;
    writeFileSync(join(outputDirectory, file), webp);
    console.log(`${file}  quality ${quality}  ${(webp.length / 1024).toFixed(1)} KB`);
  }
}
