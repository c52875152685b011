import sharp from 'sharp';

/** A small deterministic random source, so the same product always gets the same picture. */
function randomFrom(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Outline drawings of a few kinds of goods, in a 400x300 box centred on the canvas. */
const SHAPES: Record<string, (fg: string, accent: string) => string> = {
  laptop: (fg, a) => `<rect x="230" y="150" width="340" height="220" rx="14" fill="${fg}"/><rect x="250" y="170" width="300" height="180" fill="${a}"/><path d="M180 380 h440 l-30 40 h-380 z" fill="${fg}"/>`,
  phone: (fg, a) => `<rect x="320" y="110" width="160" height="320" rx="26" fill="${fg}"/><rect x="334" y="140" width="132" height="250" fill="${a}"/><circle cx="400" cy="410" r="10" fill="${a}"/>`,
  chair: (fg, a) => `<rect x="300" y="110" width="200" height="170" rx="20" fill="${fg}"/><rect x="280" y="280" width="240" height="40" rx="10" fill="${a}"/><rect x="300" y="320" width="20" height="120" fill="${fg}"/><rect x="480" y="320" width="20" height="120" fill="${fg}"/>`,
  machine: (fg, a) => `<rect x="220" y="170" width="360" height="200" rx="8" fill="${fg}"/><circle cx="320" cy="270" r="60" fill="${a}"/><rect x="420" y="210" width="120" height="30" fill="${a}"/><rect x="420" y="260" width="120" height="30" fill="${a}"/><rect x="240" y="370" width="60" height="40" fill="${fg}"/><rect x="500" y="370" width="60" height="40" fill="${fg}"/>`,
  cloth: (fg, a) => `<path d="M300 120 l-90 60 l40 60 l40 -20 v220 h220 v-220 l40 20 l40 -60 l-90 -60 q-50 40 -100 0 z" fill="${fg}"/><rect x="330" y="260" width="140" height="16" fill="${a}"/>`,
  bottle: (fg, a) => `<rect x="370" y="100" width="60" height="50" fill="${a}"/><path d="M350 150 h100 l20 40 v240 h-140 v-240 z" fill="${fg}"/><rect x="330" y="250" width="140" height="80" fill="${a}"/>`,
  box: (fg, a) => `<path d="M250 180 l150 -70 l150 70 v190 l-150 70 l-150 -70 z" fill="${fg}"/><path d="M250 180 l150 70 l150 -70" stroke="${a}" stroke-width="12" fill="none"/><path d="M400 250 v190" stroke="${a}" stroke-width="12"/>`,
  shoe: (fg, a) => `<path d="M200 330 q10 -110 90 -120 l60 60 q80 30 190 40 q60 10 60 60 v30 h-400 z" fill="${fg}"/><rect x="200" y="390" width="400" height="24" fill="${a}"/>`,
  camera: (fg, a) => `<rect x="220" y="170" width="360" height="230" rx="24" fill="${fg}"/><rect x="300" y="140" width="110" height="40" rx="8" fill="${fg}"/><circle cx="400" cy="285" r="80" fill="${a}"/><circle cx="400" cy="285" r="45" fill="${fg}"/>`,
};

/** The drawing used for a category. */
export function shapeFor(category: string): string {
  if (['Computers', 'HomeElectronics', 'Gaming', 'KidsElectronics'].includes(category)) return 'laptop';
  if (['Smartphones', 'Wearables', 'Audio'].includes(category)) return 'phone';
  if (['Furniture', 'HomeDecor', 'BabyGear'].includes(category)) return 'chair';
  if (['IndustrialEquipment', 'BusinessEquipment', 'HomeTools', 'AutoTools', 'Kitchen'].includes(category)) return 'machine';
  if (['MensClothing', 'WomensClothing', 'UnisexClothing', 'BabyClothing'].includes(category)) return 'cloth';
  if (['Beauty', 'PersonalCare', 'Supplements', 'HealthEquipment'].includes(category)) return 'bottle';
  if (['Shoes', 'SportsEquipment'].includes(category)) return 'shoe';
  if (category === 'Cameras') return 'camera';
  return 'box';
}

/**
 * A product picture drawn from its title and category (demo data and tests): a gradient
 * background, decorations and the outline of the goods, all varied by the title so every product
 * looks different. Returns a PNG, `width` x `width * 3/4`.
 */
export async function renderProductPicture(title: string, category: string, width = 800): Promise<Buffer> {
  const rnd = randomFrom(`${category}:${title}`);
  const hue = Math.floor(rnd() * 360);
  const bg1 = `hsl(${hue}, ${40 + Math.floor(rnd() * 40)}%, ${70 + Math.floor(rnd() * 20)}%)`;
  const bg2 = `hsl(${(hue + 40 + Math.floor(rnd() * 80)) % 360}, ${30 + Math.floor(rnd() * 50)}%, ${35 + Math.floor(rnd() * 30)}%)`;
  const fg = `hsl(${(hue + 150 + Math.floor(rnd() * 60)) % 360}, ${30 + Math.floor(rnd() * 60)}%, ${15 + Math.floor(rnd() * 35)}%)`;
  const accent = `hsl(${(hue + 200 + Math.floor(rnd() * 100)) % 360}, ${50 + Math.floor(rnd() * 50)}%, ${55 + Math.floor(rnd() * 35)}%)`;
  const angle = Math.floor(rnd() * 360);
  const decorations = Array.from({ length: 4 + Math.floor(rnd() * 6) }, () => {
    const x = Math.floor(rnd() * 800);
    const y = Math.floor(rnd() * 600);
    const r = 20 + Math.floor(rnd() * 90);
    const color = `hsla(${Math.floor(rnd() * 360)}, 70%, 60%, 0.55)`;
    return rnd() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`
      : `<rect x="${x}" y="${y}" width="${r * 2}" height="${r}" transform="rotate(${Math.floor(rnd() * 90)} ${x} ${y})" fill="${color}"/>`;
  }).join('');
  const stripes = Array.from({ length: 3 + Math.floor(rnd() * 8) }, (_v, k) => `<rect x="0" y="${40 + k * 70}" width="800" height="${4 + Math.floor(rnd() * 14)}" fill="hsla(${hue}, 30%, 95%, 0.35)"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>
  <rect width="800" height="600" fill="url(#g)"/>${stripes}${decorations}
  <g transform="translate(${Math.floor(rnd() * 80) - 40} ${Math.floor(rnd() * 40) - 30})">${SHAPES[shapeFor(category)](fg, accent)}</g>
  <rect x="0" y="520" width="800" height="80" fill="rgba(0,0,0,0.45)"/>
  <text x="400" y="572" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#fff" text-anchor="middle">${escapeXml(title.slice(0, 40))}</text>
</svg>`;
  return sharp(Buffer.from(svg)).resize(width).png().toBuffer();
}
