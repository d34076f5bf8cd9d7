import type { Faker } from '@faker-js/faker';

/**
 * Drawn portraits for the seeded photos: a flat SVG per child or pet, every colour and shape drawn
 * from the step's seeded faker. No text (text would need the machine's fonts).
 */
/** Pixels a side: small, so rendering and the pipeline's two WebP encodes stay quick (the thumbnail is as large). */
const PORTRAIT_SIDE = 256;

const BACKGROUNDS = ['#f6d6ad', '#cde7f0', '#d9ead3', '#f4cccc', '#e1d5f0', '#fff2cc', '#d0e0e3', '#fce5cd'];
const SKIN = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#f5cfa0'];
const HAIR = ['#2c1b0e', '#4e3423', '#a0522d', '#d8b365', '#1b1b1b', '#7b3f00', '#e6c07b'];
const SHIRTS = ['#3d85c6', '#e06666', '#6aa84f', '#f1c232', '#8e7cc3', '#e69138', '#45818e'];
const FUR = ['#8b5a2b', '#d2a679', '#3b3024', '#f5f0e6', '#a9a9a9', '#c68e17', '#5c4033'];
const COLLARS = ['#cc0000', '#0b5394', '#38761d', '#bf9000', '#741b47'];

const svg = (background: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_SIDE}" height="${PORTRAIT_SIDE}" viewBox="0 0 400 400">` +
  `<rect width="400" height="400" fill="${background}"/>${body}</svg>`;

/** A child: shoulders in a coloured top, face, one of three hair styles, eyes and a smile. */
export function childPortrait(faker: Faker): string {
  const skin = faker.helpers.arrayElement(SKIN);
  const hair = faker.helpers.arrayElement(HAIR);
  const style = faker.number.int({ min: 0, max: 2 });
  const hairShape = [
    // short
    '<path d="M112 170 Q112 80 200 78 Q288 80 288 170 Q270 120 200 118 Q130 120 112 170Z"/>',
    // long, down the sides
    '<path d="M104 250 Q92 80 200 74 Q308 80 296 250 L272 250 Q282 130 200 120 Q118 130 128 250Z"/>',
    // two puffs
    '<circle cx="118" cy="112" r="34"/><circle cx="282" cy="112" r="34"/><path d="M116 160 Q120 84 200 82 Q280 84 284 160 Q262 118 200 116 Q138 118 116 160Z"/>',
  ][style];
  return svg(
    faker.helpers.arrayElement(BACKGROUNDS),
    `<path d="M60 400 Q60 290 200 286 Q340 290 340 400Z" fill="${faker.helpers.arrayElement(SHIRTS)}"/>` +
      `<rect x="178" y="250" width="44" height="50" fill="${skin}"/>` +
      `<circle cx="200" cy="180" r="88" fill="${skin}"/>` +
      `<g fill="${hair}">${hairShape}</g>` +
      `<circle cx="168" cy="184" r="9" fill="#2b2b2b"/><circle cx="232" cy="184" r="9" fill="#2b2b2b"/>` +
      `<path d="M170 220 Q200 ${faker.number.int({ min: 236, max: 250 })} 230 220" stroke="#8a3b2e" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  );
}

/** A dog: ears (up or floppy), head, muzzle, nose, eyes and a collar. */
export function petPortrait(faker: Faker): string {
  const fur = faker.helpers.arrayElement(FUR);
  const ears = faker.helpers.arrayElement(FUR);
  const floppy = faker.datatype.boolean();
  const earShapes = floppy
    ? `<ellipse cx="110" cy="200" rx="38" ry="86" fill="${ears}" transform="rotate(18 110 200)"/><ellipse cx="290" cy="200" rx="38" ry="86" fill="${ears}" transform="rotate(-18 290 200)"/>`
    : `<path d="M104 170 L124 54 L186 128Z" fill="${ears}"/><path d="M296 170 L276 54 L214 128Z" fill="${ears}"/>`;
  return svg(
    faker.helpers.arrayElement(BACKGROUNDS),
    `<rect x="150" y="300" width="100" height="100" fill="${fur}"/>` +
      `<rect x="140" y="300" width="120" height="22" rx="8" fill="${faker.helpers.arrayElement(COLLARS)}"/>` +
      earShapes +
      `<circle cx="200" cy="196" r="100" fill="${fur}"/>` +
      `<ellipse cx="200" cy="246" rx="52" ry="40" fill="#f3e9dc"/>` +
      `<ellipse cx="200" cy="226" rx="20" ry="14" fill="#2b2b2b"/>` +
      `<circle cx="162" cy="176" r="11" fill="#2b2b2b"/><circle cx="238" cy="176" r="11" fill="#2b2b2b"/>` +
      `<path d="M184 262 Q200 276 216 262" stroke="#2b2b2b" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  );
}
