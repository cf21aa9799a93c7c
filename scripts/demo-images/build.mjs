// Makes the demo restaurant's photographs (src/server/db/seed/photos/*.jpg): twelve and more dishes, each in one bowl on
// the same dark walnut table under the same warm light, with its English and Chinese names set across the top, and one
// table of several dishes for the home page and the gallery. With no licence for real photographs, the demo draws its
// own, in one style throughout; a restaurant replaces them with its own photos in /manage.
//
// The seed records each as an upload (src/server/db/seed/demoPhotos.ts) and the server's start puts it in the media
// store as an upload's original, so its AVIF and WebP sizes and shared-link picture are made as an upload's are. The .jpg files are committed; run
// `node scripts/demo-images/build.mjs` only after changing this script. Each original stays under MAXIMUM_BYTES.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const MAXIMUM_BYTES = 300 * 1024;
const DISH_SIZE = { width: 1280, height: 960 };
const TABLE_SIZE = { width: 1600, height: 1200 };
const outputDirectory = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/server/db/seed/photos');

/** A small seeded generator, so every run draws the same picture. */
function randomFrom(seedText) {
  let seed = [...seedText].reduce((hash, character) => Math.imul(hash ^ character.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// ---- What goes into a bowl: each kind of piece drawn as a small shape with its own light and shadow. ----

/** A rounded irregular lump (chicken, beef, tofu, peanuts): a closed smooth path around a centre. */
function lump(random, x, y, size, fill, { squash = 1, corners = 7 } = {}) {
  const points = Array.from({ length: corners }, (_, index) => {
    const angle = (index / corners) * Math.PI * 2;
    const radius = size * (0.75 + random() * 0.35);
    return [x + Math.cos(angle) * radius, y + Math.sin(angle) * radius * squash];
  });
  const mid = (a, b) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  let path = `M${mid(points.at(-1), points[0]).join(' ')}`;
  for (let index = 0; index < points.length; index += 1) {
    const next = points[(index + 1) % points.length];
    path += `Q${points[index].join(' ')} ${mid(points[index], next).join(' ')}`;
  }
  return `<path d="${path}Z" fill="url(#${fill})" filter="url(#piece)"/>`;
}

/** A long piece (shredded beef, duck, cucumber, spring rolls, ribs): a rounded bar at an angle. */
function bar(random, x, y, length, thickness, fill, angle = random() * 180) {
  return `<rect x="${x - length / 2}" y="${y - thickness / 2}" width="${length}" height="${thickness}" rx="${thickness / 2}" fill="url(#${fill})" transform="rotate(${angle.toFixed(1)} ${x} ${y})" filter="url(#piece)"/>`;
}

/** A curled king prawn: a thick arc in stripes of coral and white. */
function prawn(random, x, y, size) {
  const angle = random() * 360;
  const arc = `M${-size} 0A${size} ${size} 0 0 1 ${size * 0.7} ${-size * 0.7}`;
  return `<g transform="translate(${x} ${y}) rotate(${angle.toFixed(1)})" filter="url(#piece)">
    <path d="${arc}" stroke="url(#prawn)" stroke-width="${size * 0.75}" fill="none" stroke-linecap="round"/>
    <path d="${arc}" stroke="#fff3e0" stroke-opacity="0.55" stroke-width="${size * 0.75}" fill="none" stroke-dasharray="${size * 0.12} ${size * 0.34}"/>
  </g>`;
}

/** A strand of noodle: a loose curve across part of the bowl. */
function strand(random, x, y, length, width, colour) {
  const angle = random() * Math.PI * 2;
  const [dx, dy] = [Math.cos(angle) * length, Math.sin(angle) * length];
  const bend = () => (random() - 0.5) * length * 1.2;
  return `<path d="M${x - dx / 2} ${y - dy / 2}C${x + bend()} ${y + bend()} ${x + bend()} ${y + bend()} ${x + dx / 2} ${y + dy / 2}" stroke="${colour}" stroke-width="${width}" fill="none" stroke-linecap="round" filter="url(#strand)"/>`;
}

/** A grain of rice. */
const grain = (random, x, y, colour) =>
  `<ellipse cx="${x}" cy="${y}" rx="9" ry="4.2" fill="${colour}" transform="rotate(${(random() * 180).toFixed(0)} ${x} ${y})"/>`;

/** A ring of spring onion or chilli. */
const ring = (x, y, size, colour) => `<circle cx="${x}" cy="${y}" r="${size}" fill="none" stroke="${colour}" stroke-width="${size * 0.45}" filter="url(#piece)"/>`;

/** A dim sum parcel seen from above: a pleated wrapper round its filling, an orange dot of roe on top. */
function parcel(x, y, size) {
  const pleats = Array.from({ length: 14 }, (_, index) => {
    const angle = (index / 14) * Math.PI * 2;
    return `<line x1="${x + Math.cos(angle) * size * 0.62}" y1="${y + Math.sin(angle) * size * 0.62}" x2="${x + Math.cos(angle) * size * 0.98}" y2="${y + Math.sin(angle) * size * 0.98}" stroke="#c9a14a" stroke-width="4" stroke-linecap="round"/>`;
  }).join('');
  return `<g filter="url(#piece)"><circle cx="${x}" cy="${y}" r="${size}" fill="url(#wrapper)"/>${pleats}<circle cx="${x}" cy="${y}" r="${size * 0.6}" fill="url(#filling)"/><circle cx="${x}" cy="${y}" r="${size * 0.16}" fill="#f0762b"/></g>`;
}

/** A leaf of pak choi: a dark green blade on a pale stem. */
function leaf(random, x, y, size) {
  const angle = random() * 360;
  return `<g transform="translate(${x} ${y}) rotate(${angle.toFixed(1)})" filter="url(#piece)">
    <ellipse cx="0" cy="${-size * 0.55}" rx="${size * 0.55}" ry="${size * 0.8}" fill="url(#greens)"/>
    <path d="M0 ${size * 0.6}L0 ${-size * 1.1}" stroke="#e8f0cf" stroke-width="${size * 0.22}" stroke-linecap="round"/>
  </g>`;
}

/** Points scattered within a circle of `radius` around the bowl's centre. */
function scatter(random, count, radius, [cx, cy]) {
  return Array.from({ length: count }, () => {
    const distance = Math.sqrt(random()) * radius;
    const angle = random() * Math.PI * 2;
    return [cx + Math.cos(angle) * distance, cy + Math.sin(angle) * distance];
  });
}

// The gradients every picture may use: each piece is lit from the upper left, as the whole table is.
const FILLS = {
  chicken: ['#f6d39a', '#d98f3e', '#8a4a1c'],
  sweetSour: ['#ffb073', '#e0441c', '#7d1c0c'],
  kungPo: ['#e9a066', '#a8401f', '#4f190b'],
  crispyBeef: ['#f0a05a', '#b04a17', '#5a1f08'],
  duck: ['#c98a5a', '#7a3717', '#3b1608'],
  blackBean: ['#9a6a4c', '#4f2c1c', '#21110a'],
  ribs: ['#d0603a', '#8e2414', '#3e0c06'],
  tofu: ['#fffaf0', '#f1e4c6', '#c8b48a'],
  spring: ['#ffe0a0', '#d99a3c', '#8a5418'],
  cucumber: ['#e6f2c2', '#7fb04a', '#2f5a1e'],
  pepperGreen: ['#b6e07a', '#4f9a2a', '#1f4a12'],
  pepperRed: ['#ff8a6a', '#d22a16', '#6a0c06'],
  pineapple: ['#fff0a0', '#f2c53a', '#a27a12'],
  peanut: ['#f7e2b8', '#d8b07a', '#8a6a3a'],
  onion: ['#fff8ec', '#eadcc0', '#b8a47c'],
  carrot: ['#ffc27a', '#f07a1c', '#8a3a08'],
  chilli: ['#ff7a5a', '#c81a0c', '#5a0804'],
  prawn: ['#ffc4a0', '#f0703a', '#a8361a'],
  wrapper: ['#fff4c4', '#f2d27a', '#c9a14a'],
  filling: ['#ffd0b8', '#e8987a', '#a8583a'],
  greens: ['#9ad46a', '#3f8a2a', '#1a4a10'],
  pancake: ['#fffaf0', '#f3e6c8', '#d8c49a'],
};

function gradients() {
  return Object.entries(FILLS)
    .map(
      ([name, [light, base, dark]]) =>
        `<radialGradient id="${name}" cx="35%" cy="30%" r="75%"><stop offset="0" stop-color="${light}"/><stop offset="0.45" stop-color="${base}"/><stop offset="1" stop-color="${dark}"/></radialGradient>`,
    )
    .join('');
}

// ---- The dishes: a sauce, and what lies in it. `at` is the bowl's centre, `r` its inner radius. ----

const DISHES = [
  {
    slug: 'crispy-aromatic-duck',
    name: 'Crispy Aromatic Duck',
    chinese: '香酥鸭',
    alt: 'Crispy aromatic duck, shredded, with cucumber, spring onion and a stack of pancakes',
    sauce: ['#3b1a0e', '#1e0c05'],
    draw: (random, at, r) => [
      ...scatter(random, 5, r * 0.2, [at[0] - r * 0.45, at[1] + r * 0.25]).map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r * 0.32}" fill="url(#pancake)" filter="url(#piece)"/>`),
      ...scatter(random, 70, r * 0.62, [at[0] + r * 0.12, at[1] - r * 0.1]).map(([x, y]) => bar(random, x, y, 70 + random() * 50, 13 + random() * 8, 'duck')),
      ...scatter(random, 9, r * 0.25, [at[0] + r * 0.5, at[1] + r * 0.45]).map(([x, y]) => bar(random, x, y, 110, 20, 'cucumber', 30 + random() * 20)),
      ...scatter(random, 10, r * 0.22, [at[0] + r * 0.05, at[1] + r * 0.62]).map(([x, y]) => bar(random, x, y, 100, 9, 'onion', -30 + random() * 20)),
    ],
  },
  {
    slug: 'salt-and-pepper-king-prawns',
    name: 'Salt & Pepper King Prawns',
    chinese: '椒盐大虾',
    alt: 'Salt and pepper king prawns with sliced chilli and spring onion',
    sauce: ['#c88a4a', '#7a4a22'],
    draw: (random, at, r) => [
      ...scatter(random, 16, r * 0.62, at).map(([x, y]) => prawn(random, x, y, 38 + random() * 12)),
      ...scatter(random, 26, r * 0.75, at).map(([x, y]) => ring(x, y, 9, '#d21c10')),
      ...scatter(random, 30, r * 0.75, at).map(([x, y]) => ring(x, y, 8, '#5aa83a')),
      ...scatter(random, 160, r * 0.8, at).map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.2" fill="#2a1a10" opacity="0.8"/>`),
    ],
  },
  {
    slug: 'pork-and-prawn-siu-mai',
    name: 'Pork & Prawn Siu Mai',
    menuTitle: 'Pork & Prawn Siu Mai (4)',
    chinese: '烧卖',
    alt: 'Four pork and prawn siu mai in a bamboo steamer',
    sauce: ['#d8b27a', '#9a7440'],
    steamer: true,
    draw: (random, at, r) =>
      [
        [-0.42, -0.4],
        [0.42, -0.4],
        [-0.42, 0.42],
        [0.42, 0.42],
      ].map(([dx, dy]) => parcel(at[0] + dx * r, at[1] + dy * r, r * 0.36)),
  },
  {
    slug: 'sweet-and-sour-chicken',
    name: 'Sweet & Sour Chicken',
    chinese: '咕噜鸡',
    alt: 'Sweet and sour chicken in a glossy red sauce with peppers, onion and pineapple',
    sauce: ['#d8401a', '#8a1c0a'],
    draw: (random, at, r) => [
      ...scatter(random, 22, r * 0.68, at).map(([x, y]) => lump(random, x, y, 36 + random() * 12, 'sweetSour')),
      ...scatter(random, 9, r * 0.7, at).map(([x, y]) => lump(random, x, y, 24, 'pineapple', { corners: 4, squash: 0.8 })),
      ...scatter(random, 8, r * 0.7, at).map(([x, y]) => lump(random, x, y, 22, 'pepperGreen', { corners: 4 })),
      ...scatter(random, 7, r * 0.7, at).map(([x, y]) => bar(random, x, y, 60, 14, 'onion')),
    ],
  },
  {
    slug: 'kung-po-chicken',
    name: 'Kung Po Chicken',
    chinese: '宫保鸡丁',
    alt: 'Kung po chicken with peanuts, dried red chillies and spring onion',
    sauce: ['#8a2a12', '#3e0f06'],
    draw: (random, at, r) => [
      ...scatter(random, 34, r * 0.7, at).map(([x, y]) => lump(random, x, y, 26 + random() * 8, 'kungPo', { corners: 5 })),
      ...scatter(random, 24, r * 0.72, at).map(([x, y]) => lump(random, x, y, 12, 'peanut', { squash: 0.7 })),
      ...scatter(random, 12, r * 0.72, at).map(([x, y]) => bar(random, x, y, 56, 14, 'chilli')),
      ...scatter(random, 20, r * 0.75, at).map(([x, y]) => ring(x, y, 8, '#6ab84a')),
    ],
  },
  {
    slug: 'crispy-shredded-chilli-beef',
    name: 'Crispy Shredded Chilli Beef',
    chinese: '香脆辣牛肉丝',
    alt: 'Crispy shredded beef in a sweet chilli glaze with carrot and sesame seeds',
    sauce: ['#a8401a', '#4a1506'],
    draw: (random, at, r) => [
      ...scatter(random, 90, r * 0.7, at).map(([x, y]) => bar(random, x, y, 60 + random() * 40, 10 + random() * 5, 'crispyBeef')),
      ...scatter(random, 22, r * 0.7, at).map(([x, y]) => bar(random, x, y, 60, 7, 'carrot')),
      ...scatter(random, 90, r * 0.72, at).map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="4" ry="2.2" fill="#fbeed0" transform="rotate(${(random() * 180).toFixed(0)} ${x} ${y})"/>`),
    ],
  },
  {
    slug: 'chicken-chow-mein',
    name: 'Chicken Chow Mein',
    chinese: '鸡炒面',
    alt: 'Chicken chow mein: egg noodles with chicken, beansprouts and spring onion',
    sauce: ['#a8702a', '#5a3410'],
    draw: (random, at, r) => [
      ...scatter(random, 120, r * 0.62, at).map(([x, y]) => strand(random, x, y, 150 + random() * 80, 9, ['#e8b85a', '#d9a043', '#f2c86a'][Math.floor(random() * 3)])),
      ...scatter(random, 14, r * 0.62, at).map(([x, y]) => lump(random, x, y, 26, 'chicken', { squash: 0.7 })),
      ...scatter(random, 18, r * 0.65, at).map(([x, y]) => bar(random, x, y, 70, 9, 'onion')),
      ...scatter(random, 22, r * 0.7, at).map(([x, y]) => ring(x, y, 8, '#5aa83a')),
    ],
  },
  {
    slug: 'singapore-rice-noodles',
    name: 'Singapore Rice Noodles',
    chinese: '星洲炒米',
    alt: 'Singapore rice noodles with curry spices, prawns, char siu and peppers',
    sauce: ['#d9a22a', '#8a5a10'],
    draw: (random, at, r) => [
      ...scatter(random, 200, r * 0.64, at).map(([x, y]) => strand(random, x, y, 120 + random() * 90, 4.5, ['#f2cf5a', '#e8bb3a', '#fadf84'][Math.floor(random() * 3)])),
      ...scatter(random, 8, r * 0.6, at).map(([x, y]) => prawn(random, x, y, 26)),
      ...scatter(random, 10, r * 0.6, at).map(([x, y]) => bar(random, x, y, 44, 16, 'ribs')),
      ...scatter(random, 12, r * 0.65, at).map(([x, y]) => bar(random, x, y, 50, 9, 'pepperRed')),
      ...scatter(random, 12, r * 0.65, at).map(([x, y]) => bar(random, x, y, 50, 9, 'pepperGreen')),
    ],
  },
  {
    slug: 'egg-fried-rice',
    name: 'Egg Fried Rice',
    chinese: '蛋炒饭',
    alt: 'Egg fried rice with peas and spring onion',
    sauce: ['#f2e2b8', '#cdb07a'],
    draw: (random, at, r) => [
      ...scatter(random, 1500, r * 0.82, at).map(([x, y]) => grain(random, x, y, ['#fbf3dc', '#f3e4bc', '#fff9ea', '#ecd9a8'][Math.floor(random() * 4)])),
      ...scatter(random, 40, r * 0.75, at).map(([x, y]) => lump(random, x, y, 11 + random() * 8, 'pineapple', { corners: 5 })),
      ...scatter(random, 45, r * 0.78, at).map(([x, y]) => `<circle cx="${x}" cy="${y}" r="8" fill="url(#greens)" filter="url(#piece)"/>`),
      ...scatter(random, 26, r * 0.78, at).map(([x, y]) => ring(x, y, 7, '#5aa83a')),
    ],
  },
  {
    slug: 'barbecue-spare-ribs',
    name: 'Barbecue Spare Ribs',
    chinese: '烧排骨',
    alt: 'Barbecue spare ribs in a dark, sticky glaze with sesame seeds',
    sauce: ['#6a1a0c', '#2a0804'],
    draw: (random, at, r) => [
      ...Array.from({ length: 7 }, (_, index) => bar(random, at[0] + (index - 3) * r * 0.2, at[1] + (random() - 0.5) * 30, r * 1.15, 48, 'ribs', 70 + random() * 20)),
      ...scatter(random, 120, r * 0.7, at).map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="4" ry="2.2" fill="#fbeed0" transform="rotate(${(random() * 180).toFixed(0)} ${x} ${y})"/>`),
      ...scatter(random, 16, r * 0.7, at).map(([x, y]) => ring(x, y, 8, '#6ab84a')),
    ],
  },
  {
    slug: 'mapo-tofu',
    name: 'Mapo Tofu with Minced Pork',
    chinese: '麻婆豆腐',
    alt: 'Mapo tofu: soft tofu and minced pork in a red chilli bean sauce with Sichuan pepper',
    sauce: ['#b8260e', '#5a0c04'],
    draw: (random, at, r) => [
      ...scatter(random, 26, r * 0.66, at).map(([x, y]) => `<rect x="${x - 26}" y="${y - 26}" width="52" height="52" rx="9" fill="url(#tofu)" transform="rotate(${(random() * 90).toFixed(0)} ${x} ${y})" filter="url(#piece)"/>`),
      ...scatter(random, 70, r * 0.72, at).map(([x, y]) => lump(random, x, y, 7 + random() * 4, 'blackBean', { corners: 5 })),
      ...scatter(random, 60, r * 0.75, at).map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${3 + random() * 5}" fill="#ff5a1c" opacity="0.55"/>`),
      ...scatter(random, 16, r * 0.7, at).map(([x, y]) => ring(x, y, 8, '#5aa83a')),
    ],
  },
  {
    slug: 'vegetable-spring-rolls',
    name: 'Vegetable Spring Rolls',
    menuTitle: 'Vegetable Spring Rolls (4)',
    chinese: '素春卷',
    alt: 'Four golden vegetable spring rolls with a dish of sweet chilli sauce',
    sauce: ['#efe2c4', '#c8b48a'],
    dip: '#d8341a',
    draw: (random, at, r) => [
      ...[-0.45, -0.15, 0.15, 0.45].map((dy, index) => bar(random, at[0] - r * 0.08 + (index % 2) * 20, at[1] + dy * r, r * 1.05, 62, 'spring', -18 + random() * 8)),
      ...scatter(random, 10, r * 0.2, [at[0] + r * 0.55, at[1] - r * 0.55]).map(([x, y]) => leaf(random, x, y, 30)),
    ],
  },
  {
    slug: 'beef-in-black-bean-sauce',
    name: 'Beef in Black Bean Sauce',
    chinese: '豉汁牛肉',
    alt: 'Beef in black bean sauce with green peppers and onion',
    sauce: ['#3e2214', '#170a04'],
    draw: (random, at, r) => [
      ...scatter(random, 26, r * 0.68, at).map(([x, y]) => lump(random, x, y, 34, 'blackBean', { squash: 0.45, corners: 6 })),
      ...scatter(random, 14, r * 0.7, at).map(([x, y]) => lump(random, x, y, 26, 'pepperGreen', { corners: 4 })),
      ...scatter(random, 12, r * 0.7, at).map(([x, y]) => bar(random, x, y, 70, 16, 'onion')),
      ...scatter(random, 40, r * 0.7, at).map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7" fill="#120804" filter="url(#piece)"/>`),
    ],
  },
  {
    slug: 'stir-fried-pak-choi',
    name: 'Stir-fried Pak Choi with Garlic',
    chinese: '蒜蓉炒白菜',
    alt: 'Stir-fried pak choi with golden garlic',
    sauce: ['#7a8a3a', '#34420f'],
    draw: (random, at, r) => [
      ...scatter(random, 22, r * 0.55, at).map(([x, y]) => leaf(random, x, y, 70 + random() * 20)),
      ...scatter(random, 60, r * 0.7, at).map(([x, y]) => lump(random, x, y, 6, 'pineapple', { corners: 5 })),
    ],
  },
];

// ---- The table, the bowl and the type: the same for every picture. ----

function defs(width, height) {
  return `<defs>
    ${gradients()}
    <filter id="piece" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="3" dy="5" stdDeviation="4" flood-color="#140804" flood-opacity="0.55"/></filter>
    <filter id="strand" x="-10%" y="-10%" width="120%" height="120%"><feDropShadow dx="1" dy="3" stdDeviation="2" flood-color="#3a1a08" flood-opacity="0.5"/></filter>
    <filter id="soft"><feGaussianBlur stdDeviation="26"/></filter>
    <filter id="grain" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.006 0.16" numOctaves="3" seed="7"/>
      <feColorMatrix values="0 0 0 0 0.16  0 0 0 0 0.08  0 0 0 0 0.03  0 0 0 0.9 -0.25"/>
    </filter>
    <filter id="speckle" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="1" seed="3"/>
      <feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.35 -0.1"/>
    </filter>
    <linearGradient id="table" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="#5a3522"/><stop offset="1" stop-color="#2a160d"/></linearGradient>
    <radialGradient id="light" cx="30%" cy="22%" r="85%"><stop offset="0" stop-color="#ffcf8a" stop-opacity="0.34"/><stop offset="0.55" stop-color="#ff9a4a" stop-opacity="0.06"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></radialGradient>
    <radialGradient id="porcelain" cx="38%" cy="32%" r="75%"><stop offset="0" stop-color="#fffdf7"/><stop offset="0.7" stop-color="#efe6d6"/><stop offset="1" stop-color="#c9bba3"/></radialGradient>
    <radialGradient id="bamboo" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#e8c98a"/><stop offset="1" stop-color="#9a7440"/></radialGradient>
    <linearGradient id="chopstick" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#3a1408"/><stop offset="0.5" stop-color="#7a2a12"/><stop offset="1" stop-color="#3a1408"/></linearGradient>
    <linearGradient id="head" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#140804" stop-opacity="0.92"/><stop offset="1" stop-color="#140804" stop-opacity="0"/></linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#table)"/>
  <rect width="${width}" height="${height}" filter="url(#grain)"/>`;
}

/** One dish in its bowl, centred at `at` with outer radius `outer`. */
function bowl(dish, at, outer, random) {
  const inner = outer * 0.84;
  const [cx, cy] = at;
  const clip = `clip-${dish.slug}-${Math.round(cx)}`;
  const rim = dish.steamer
    ? `<circle cx="${cx}" cy="${cy}" r="${outer}" fill="url(#bamboo)"/><circle cx="${cx}" cy="${cy}" r="${outer * 0.93}" fill="none" stroke="#7a5a2a" stroke-width="5"/>`
    : `<circle cx="${cx}" cy="${cy}" r="${outer}" fill="url(#porcelain)"/><circle cx="${cx}" cy="${cy}" r="${outer * 0.95}" fill="none" stroke="#1f3f7a" stroke-width="5" opacity="0.8"/><circle cx="${cx}" cy="${cy}" r="${outer * 0.915}" fill="none" stroke="#1f3f7a" stroke-width="2" opacity="0.6"/>`;
  const bed = dish.steamer
    ? `<circle cx="${cx}" cy="${cy}" r="${inner}" fill="#cdb27a"/>${Array.from({ length: 18 }, (_, index) => `<line x1="${cx - inner}" y1="${cy - inner + index * inner * 0.115}" x2="${cx + inner}" y2="${cy - inner + index * inner * 0.115}" stroke="#a8864a" stroke-width="3"/>`).join('')}`
    : `<radialGradient id="sauce-${dish.slug}" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="${dish.sauce[0]}"/><stop offset="1" stop-color="${dish.sauce[1]}"/></radialGradient><circle cx="${cx}" cy="${cy}" r="${inner}" fill="url(#sauce-${dish.slug})"/>`;
  return `<circle cx="${cx + outer * 0.05}" cy="${cy + outer * 0.09}" r="${outer * 1.02}" fill="#0c0402" opacity="0.6" filter="url(#soft)"/>
    ${rim}
    <clipPath id="${clip}"><circle cx="${cx}" cy="${cy}" r="${inner}"/></clipPath>
    <g clip-path="url(#${clip})">${bed}${dish.draw(random, at, inner).join('')}<circle cx="${cx}" cy="${cy}" r="${inner}" filter="url(#speckle)"/>
      <circle cx="${cx}" cy="${cy}" r="${inner}" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="${inner * 0.12}" filter="url(#soft)"/></g>
    <ellipse cx="${cx - outer * 0.45}" cy="${cy - outer * 0.62}" rx="${outer * 0.3}" ry="${outer * 0.07}" fill="#fff" opacity="${dish.steamer ? 0.12 : 0.35}" transform="rotate(-35 ${cx - outer * 0.45} ${cy - outer * 0.62})"/>`;
}

const chopsticks = (x, y, length, angle) =>
  `<g transform="rotate(${angle} ${x} ${y})" filter="url(#piece)"><rect x="${x}" y="${y}" width="${length}" height="16" rx="8" fill="url(#chopstick)"/><rect x="${x}" y="${y + 30}" width="${length}" height="16" rx="8" fill="url(#chopstick)"/><rect x="${x + length * 0.72}" y="${y - 2}" width="${length * 0.28}" height="20" rx="9" fill="#c9a14a"/><rect x="${x + length * 0.72}" y="${y + 28}" width="${length * 0.28}" height="20" rx="9" fill="#c9a14a"/></g>`;

const dip = (x, y, size, colour) =>
  `<circle cx="${x + 8}" cy="${y + 12}" r="${size}" fill="#0c0402" opacity="0.5" filter="url(#soft)"/><circle cx="${x}" cy="${y}" r="${size}" fill="url(#porcelain)"/><circle cx="${x}" cy="${y}" r="${size * 0.78}" fill="${colour}"/><ellipse cx="${x - size * 0.3}" cy="${y - size * 0.35}" rx="${size * 0.25}" ry="${size * 0.08}" fill="#fff" opacity="0.45" transform="rotate(-35 ${x - size * 0.3} ${y - size * 0.35})"/>`;

/**
 * The names across the top, centred (a square thumbnail, cropped from the sides, keeps them whole; a carousel's controls
 * along the foot leave them clear): the Chinese in gold over a thin gold rule, the English under it in a book serif.
 */
function caption(width, name, chinese, scale = 1) {
  const centre = width / 2;
  return `<rect width="${width}" height="${230 * scale}" fill="url(#head)"/>
    <text x="${centre}" y="${78 * scale}" text-anchor="middle" font-family="WenQuanYi Zen Hei" font-size="${36 * scale}" letter-spacing="${6 * scale}" fill="#e0b35a">${escapeXml(chinese)}</text>
    <rect x="${centre - 36 * scale}" y="${96 * scale}" width="${72 * scale}" height="${3 * scale}" fill="#e0b35a"/>
    <text x="${centre}" y="${160 * scale}" text-anchor="middle" font-family="Liberation Serif" font-size="${58 * scale}" fill="#fbefd6">${escapeXml(name)}</text>`;
}

function dishPicture(dish) {
  const [width, height] = [1200, 900];
  const random = randomFrom(dish.slug);
  // Drawn on a 1200 × 900 plan, rendered at 1280 × 960 so that the seed makes a 1280-pixel copy for the gallery.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DISH_SIZE.width}" height="${DISH_SIZE.height}" viewBox="0 0 ${width} ${height}">
    ${defs(width, height)}
    ${dip(1075, 790, 90, dish.dip ?? '#3a1a0a')}
    ${bowl(dish, [600, 555], 330, random)}
    ${chopsticks(20, 860, 480, -24)}
    <rect width="${width}" height="${height}" fill="url(#light)"/>
    ${caption(width, dish.name, dish.chinese)}
  </svg>`;
}

/** The home page's and the gallery's picture: a table of the restaurant's dishes, named for the restaurant. */
function tablePicture() {
  const { width, height } = TABLE_SIZE;
  const random = randomFrom('table');
  const dish = (slug) => DISHES.find((candidate) => candidate.slug === slug);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    ${defs(width, height)}
    ${bowl(dish('crispy-aromatic-duck'), [420, 560], 300, random)}
    ${bowl(dish('salt-and-pepper-king-prawns'), [1190, 500], 250, random)}
    ${bowl(dish('pork-and-prawn-siu-mai'), [1240, 1000], 230, random)}
    ${bowl(dish('egg-fried-rice'), [770, 960], 220, random)}
    ${dip(230, 1020, 100, '#d8341a')}
    ${chopsticks(40, 1170, 520, -10)}
    <rect width="${width}" height="${height}" fill="url(#light)"/>
    ${caption(width, 'Golden Dragon, Headingley', '金龍酒家', 1.25)}
  </svg>`;
}

/** The best JPEG quality that keeps the original within the budget. */
async function encode(svg) {
  const pixels = await sharp(Buffer.from(svg)).png().toBuffer();
  for (const quality of [80, 76, 72, 68, 64]) {
    const jpeg = await sharp(pixels).jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:4:4' }).toBuffer();
    if (jpeg.length <= MAXIMUM_BYTES) return { jpeg, quality };
  }
  throw new Error(`cannot fit within ${MAXIMUM_BYTES} bytes`);
}

mkdirSync(outputDirectory, { recursive: true });
const pictures = [...DISHES.map((dish) => [dish.slug, dishPicture(dish)]), ['golden-dragon-table', tablePicture()]];
for (const [slug, svg] of pictures) {
  const { jpeg, quality } = await encode(svg);
  writeFileSync(join(outputDirectory, `${slug}.jpg`), jpeg);
  console.log(`${slug}.jpg  quality ${quality}  ${(jpeg.length / 1024).toFixed(0)} KB`);
}
// What the seed names each picture by (its alt text) and which dish it shows, kept beside the files it describes.
writeFileSync(
  join(outputDirectory, 'photos.json'),
  `${JSON.stringify(
    {
      dishes: DISHES.map(({ slug, name, menuTitle, alt }) => ({ file: `${slug}.jpg`, dish: menuTitle ?? name, alt, ...DISH_SIZE })),
      table: { file: 'golden-dragon-table.jpg', ...TABLE_SIZE, alt: 'A table at Golden Dragon laid with crispy aromatic duck, salt and pepper king prawns, siu mai and egg fried rice' },
    },
    null,
    2,
  )}\n`,
);
