// Draws the demo pictures of the «Берёзка» brand as SVG and renders them with sharp.
// Everything is generated offline: no fonts, images or data are downloaded.
//
// sharp is not a dependency of the project; install it in a scratch folder and point NODE_PATH at it:
//   mkdir -p /tmp/pics && (cd /tmp/pics && npm init -y && npm install sharp)
//   NODE_PATH=/tmp/pics/node_modules node server/db/seed/demo/make-pictures.mjs
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { logoSvg, iconSvg } from './drawing/logo.mjs';
import {
  W,
  H,
  news1Bakery,
  news2Coffee,
  news3Festive,
  news4Grocery,
  news5Autumn,
  news6Opening,
} from './drawing/news.mjs';
import { GW, GH, gift1Birthday, gift2NewYear, gift3Flowers, gift4Coffee } from './drawing/gift-cards.mjs';
import { rulesBanner } from './drawing/rules.mjs';

const require = createRequire(import.meta.url);
const { default: sharp } = await import(pathToFileURL(require.resolve('sharp')).href);

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'pictures');
mkdirSync(out, { recursive: true });

// Render

async function toWebp(name, svgText, width, height) {
  const file = join(out, name);
  await sharp(Buffer.from(svgText), { density: 72 })
    .resize(width, height)
    .webp({ quality: 70, effort: 6, smartSubsample: true })
    .toFile(file);
  return file;
}

async function toPng(name, svgText, width, height) {
  const file = join(out, name);
  await sharp(Buffer.from(svgText), { density: 300 })
    .resize(width, height)
    .png({ compressionLevel: 9, palette: true, quality: 95 })
    .toFile(file);
  return file;
}

writeFileSync(join(out, 'logo.svg'), logoSvg);
await toPng('logo.png', logoSvg, 320, 80);
await toPng('favicon.png', iconSvg(64), 64, 64);
await toPng('icon-192.png', iconSvg(192), 192, 192);
await toPng('icon-512.png', iconSvg(512), 512, 512);

const news = [news1Bakery, news2Coffee, news3Festive, news4Grocery, news5Autumn, news6Opening];
for (const [i, draw] of news.entries()) await toWebp(`news-${i + 1}.webp`, draw(), W, H);

const gifts = [gift1Birthday, gift2NewYear, gift3Flowers, gift4Coffee];
for (const [i, draw] of gifts.entries()) await toWebp(`gift-${i + 1}.webp`, draw(), GW, GH);

await toWebp('rules.webp', rulesBanner(), 1200, 500);

console.log(`pictures written to ${out}`);
