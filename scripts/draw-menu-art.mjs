#!/usr/bin/env node
// Draws the menu's illustrations from seed/menu.sql: one mark per category
// (public/images/categories/*.svg) and one drink per product (public/images/drinks/*.svg):
// its category's cup, bottle, glass or shot glass tinted with the drink's gradient ("from,to"),
// with its main ingredients (the seed's `ingredients`: an orange wheel, berries, a ginger root,
// a mint leaf...) at the rim and at the foot, so every drink looks like itself.
//
// Run it again after adding drinks or categories to the seed:
//   node scripts/draw-menu-art.mjs            (writes files that are missing or changed)
//   node scripts/draw-menu-art.mjs --check    (exit 1 if any file is missing or out of date)
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const seedPath = join(root, "seed", "menu.sql");
const publicDir = join(root, "public");
const MAX_BYTES = 2048;

/** Reads the rows of `INSERT INTO <table> (columns) VALUES (...), (...)` as objects keyed by column. */
export function parseInsertRows(sql, table) {
  const header = new RegExp(`INSERT\\s+INTO\\s+${table}\\s*\\(([^)]*)\\)\\s*VALUES`, "i").exec(sql);
  if (!header) return [];
  const columns = header[1].split(",").map((column) => column.trim().replace(/^"|"$/g, ""));
  const rows = [];
  let index = header.index + header[0].length;
  let row = null;
  let value = "";
  let inString = false;
  let wasString = false;
  const pushValue = () => {
    const raw = value.trim();
    row.push(wasString ? value : raw.toUpperCase() === "NULL" ? null : Number(raw));
    value = "";
    wasString = false;
  };
  for (; index < sql.length; index += 1) {
    const char = sql[index];
    if (inString) {
      if (char === "'" && sql[index + 1] === "'") {
        value += "'";
        index += 1;
      } else if (char === "'") {
        inString = false;
      } else {
        value += char;
      }
      continue;
    }
    if (row === null) {
      if (char === "(") {
        row = [];
        value = "";
      } else if (char === ";" || /[A-Za-z]/.test(char)) {
        break; // ON CONFLICT ... or the end of the statement
      }
      continue;
    }
    if (char === "'") {
      inString = true;
      wasString = true;
      value = "";
    } else if (char === ",") {
      pushValue();
    } else if (char === ")") {
      pushValue();
      rows.push(Object.fromEntries(columns.map((column, position) => [column, row[position]])));
      row = null;
    } else {
      value += char;
    }
  }
  return rows;
}

const hex = (color, fallback) => (/^#[0-9a-f]{3,8}$/i.test(color ?? "") ? color : fallback);

function gradientOf(product) {
  const [from, to] = String(product.gradient ?? "")
    .split(",")
    .map((part) => part.trim());
  return { from: hex(from, "#FFB347"), to: hex(to ?? from, "#FF7A00") };
}

const svg = (body, defs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">${defs ? `<defs>${defs}</defs>` : ""}${body}</svg>\n`;

const liquid = (id, from, to) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

// ---- vessels: each takes the gradient and returns the drawing on a soft tinted disc ----

function backdrop(from) {
  return `<circle cx="100" cy="104" r="84" fill="${from}" opacity=".18"/><ellipse cx="100" cy="182" rx="46" ry="6" fill="#2b2118" opacity=".12"/>`;
}

/** Tall glass with a straw and a fruit wheel: fresh juices. */
function tallGlass({ from, to }) {
  return svg(
    backdrop(from) +
      `<path d="M121 22l-9 48" stroke="#e8590c" stroke-width="7" stroke-linecap="round"/>` +
      `<path d="M64 50h72l-9 126a8 8 0 0 1-8 7H81a8 8 0 0 1-8-7z" fill="#fff" opacity=".65" stroke="#2b2118" stroke-opacity=".15" stroke-width="2"/>` +
      `<path d="M68 76h64l-7 98a6 6 0 0 1-6 5H81a6 6 0 0 1-6-5z" fill="url(#l)"/>` +
      `<path d="M78 84l4 84" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".45"/>`,
    liquid("l", from, to),
  );
}

/** Cup with a domed lid and a wide straw: smoothies. */
function domeCup({ from, to }) {
  return svg(
    backdrop(from) +
      `<path d="M112 14l-6 50" stroke="#2f9e44" stroke-width="9" stroke-linecap="round"/>` +
      `<path d="M62 66a38 30 0 0 1 76 0z" fill="#fff" opacity=".7" stroke="#2b2118" stroke-opacity=".15" stroke-width="2"/>` +
      `<rect x="56" y="64" width="88" height="10" rx="5" fill="#fff" stroke="#2b2118" stroke-opacity=".15" stroke-width="2"/>` +
      `<path d="M62 74h76l-10 102a8 8 0 0 1-8 7H80a8 8 0 0 1-8-7z" fill="url(#l)"/>` +
      `<path d="M66 112h68" stroke="#fff" stroke-width="14" opacity=".3"/>` +
      `<circle cx="100" cy="140" r="14" fill="#fff" opacity=".9"/><path d="M92 146c0-9 6-14 16-15-1 9-7 14-16 15z" fill="${to}"/>` +
      `<path d="M76 84l4 84" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".4"/>`,
    liquid("l", from, to),
  );
}

/** Pressed-juice bottle with a cap and a leaf label: green & detox. */
function bottle({ from, to }) {
  return svg(
    backdrop(from) +
      `<rect x="82" y="16" width="36" height="18" rx="4" fill="#2b2118" opacity=".8"/>` +
      `<path d="M86 34h28v14c0 6 20 12 20 30v94a10 10 0 0 1-10 10H76a10 10 0 0 1-10-10V78c0-18 20-24 20-30z" fill="url(#l)"/>` +
      `<rect x="66" y="104" width="68" height="46" fill="#fff" opacity=".92"/>` +
      `<path d="M88 138c0-14 10-22 24-24-2 14-10 22-24 24z" fill="${to}"/><path d="M88 138l14-12" stroke="#fff" stroke-width="2"/>` +
      `<path d="M76 84v72" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".35"/>`,
    liquid("l", from, to),
  );
}

/** Glass with ice cubes and a lemon wheel: lemonades. */
function iceGlass({ from, to }) {
  return svg(
    backdrop(from) +
      `<path d="M58 44h84l-10 132a8 8 0 0 1-8 7H76a8 8 0 0 1-8-7z" fill="#fff" opacity=".65" stroke="#2b2118" stroke-opacity=".15" stroke-width="2"/>` +
      `<path d="M62 66h76l-8 108a6 6 0 0 1-6 5H76a6 6 0 0 1-6-5z" fill="url(#l)"/>` +
      `<rect x="76" y="74" width="22" height="22" rx="4" fill="#fff" opacity=".55" transform="rotate(-12 87 85)"/>` +
      `<rect x="104" y="96" width="20" height="20" rx="4" fill="#fff" opacity=".5" transform="rotate(10 114 106)"/>` +
      `<rect x="82" y="118" width="18" height="18" rx="4" fill="#fff" opacity=".45"/>`,
    liquid("l", from, to),
  );
}

/** Shot glass with a drop above it: wellness shots. */
function shotGlass({ from, to }) {
  return svg(
    backdrop(from) +
      `<path d="M100 26c-10 14-16 22-16 30a16 16 0 0 0 32 0c0-8-6-16-16-30z" fill="${to}"/>` +
      `<path d="M64 92h72l-8 82a8 8 0 0 1-8 7H80a8 8 0 0 1-8-7z" fill="#fff" opacity=".7" stroke="#2b2118" stroke-opacity=".18" stroke-width="2"/>` +
      `<path d="M68 110h64l-6 62a6 6 0 0 1-6 5H80a6 6 0 0 1-6-5z" fill="url(#l)"/>` +
      `<path d="M78 116l3 54" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".45"/>`,
    liquid("l", from, to),
  );
}

/** Wide cup with tapioca pearls: bubble tea. */
function bobaCup({ from, to }) {
  return svg(
    backdrop(from) +
      `<path d="M108 12l-4 58" stroke="#2b2118" stroke-width="10" stroke-linecap="round" opacity=".8"/>` +
      `<rect x="56" y="58" width="88" height="12" rx="6" fill="#fff" stroke="#2b2118" stroke-opacity=".15" stroke-width="2"/>` +
      `<path d="M60 70h80l-10 106a8 8 0 0 1-8 7H78a8 8 0 0 1-8-7z" fill="url(#l)"/>` +
      `<g fill="#2b2118" opacity=".85"><circle cx="82" cy="166" r="6"/><circle cx="98" cy="170" r="6"/><circle cx="114" cy="166" r="6"/><circle cx="90" cy="154" r="6"/><circle cx="108" cy="154" r="6"/></g>`,
    liquid("l", from, to),
  );
}

/** Which vessel each category's drinks are served in; a new category gets the tall glass. */
const VESSEL_BY_CATEGORY = {
  "cat-fresh-juices": tallGlass,
  "cat-smoothies": domeCup,
  "cat-green-detox": bottle,
  "cat-lemonades": iceGlass,
  "cat-wellness-shots": shotGlass,
  "cat-bubble-tea": bobaCup,
  "cat-seasonal": domeCup,
  "cat-retired": tallGlass,
};

// ---- ingredients: each drink shows its main ones (the seed's `ingredients`) around its vessel ----

/** A citrus wheel: rind, flesh and segments. */
const wheel = (rind, flesh) => (x, y, r) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${rind}"/><circle cx="${x}" cy="${y}" r="${r * 0.78}" fill="${flesh}"/>` +
  `<path d="M${x} ${y - r * 0.7}v${r * 1.4}M${x - r * 0.7} ${y}h${r * 1.4}" stroke="#fff" stroke-width="1.6" opacity=".8"/>`;
/** A round fruit with a leaf. */
const fruit =
  (skin, leaf = "#2f9e44") =>
  (x, y, r) =>
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${skin}"/><path d="M${x} ${y - r}q${r * 0.5} ${-r * 0.6} ${r} ${-r * 0.3}q${-r * 0.5} ${r * 0.5} ${-r} ${r * 0.3}z" fill="${leaf}"/>` +
    `<circle cx="${x - r * 0.35}" cy="${y - r * 0.3}" r="${r * 0.22}" fill="#fff" opacity=".4"/>`;
/** A cluster of berries. */
const berries = (color) => (x, y, r) =>
  `<g fill="${color}"><circle cx="${x - r * 0.45}" cy="${y + r * 0.2}" r="${r * 0.5}"/><circle cx="${x + r * 0.45}" cy="${y + r * 0.2}" r="${r * 0.5}"/><circle cx="${x}" cy="${y - r * 0.45}" r="${r * 0.5}"/></g>` +
  `<circle cx="${x}" cy="${y}" r="${r * 0.18}" fill="#fff" opacity=".5"/>`;
/** A leaf with its vein. */
const leaf = (color) => (x, y, r) =>
  `<path d="M${x - r} ${y + r}c0-${r * 1.3} ${r * 0.7}-${r * 2} ${r * 2}-${r * 2}c0 ${r * 1.3}-${r * 0.7} ${r * 2}-${r * 2} ${r * 2}z" fill="${color}"/>` +
  `<path d="M${x - r} ${y + r}l${r * 1.4}-${r * 1.4}" stroke="#fff" stroke-width="1.5" opacity=".6"/>`;
/** A knobbly root (ginger, turmeric). */
const rootVegetable = (color) => (x, y, r) =>
  `<g fill="${color}"><rect x="${x - r}" y="${y - r * 0.35}" width="${r * 2}" height="${r * 0.8}" rx="${r * 0.4}"/><rect x="${x - r * 0.5}" y="${y - r}" width="${r * 0.6}" height="${r}" rx="${r * 0.3}"/><rect x="${x + r * 0.3}" y="${y - r * 0.8}" width="${r * 0.55}" height="${r * 0.8}" rx="${r * 0.27}"/></g>`;
/** A drop (syrups, honey, powders stirred in). */
const drop = (color) => (x, y, r) =>
  `<path d="M${x} ${y - r * 1.1}c-${r * 0.6} ${r * 0.8}-${r * 0.9} ${r * 1.2}-${r * 0.9} ${r * 1.5}a${r * 0.9} ${r * 0.9} 0 0 0 ${r * 1.8} 0c0-${r * 0.3}-${r * 0.3}-${r * 0.7}-${r * 0.9}-${r * 1.5}z" fill="${color}"/>`;
/** A bean or nut (peanut, cacao, almond, oats). */
const bean = (color) => (x, y, r) =>
  `<ellipse cx="${x}" cy="${y}" rx="${r * 0.65}" ry="${r}" fill="${color}" transform="rotate(30 ${x} ${y})"/><path d="M${x - r * 0.2} ${y - r * 0.7}q${r * 0.5} ${r * 0.7} 0 ${r * 1.4}" stroke="#fff" stroke-width="1.4" fill="none" opacity=".5"/>`;

const MOTIFS = [
  [/blood orange/, wheel("#c92a2a", "#ff8787")],
  [/grapefruit/, wheel("#f06595", "#ffc9c9")],
  [/orange|tangerine/, wheel("#fd7e14", "#ffc078")],
  [/lemon/, wheel("#fab005", "#fff3bf")],
  [/lime/, wheel("#74b816", "#d8f5a2")],
  [/cucumber|kiwi/, wheel("#2b8a3e", "#d3f9d8")],
  [
    /watermelon/,
    (x, y, r) =>
      `<path d="M${x - r} ${y - r * 0.3}a${r} ${r} 0 0 0 ${r * 2} 0z" fill="#2f9e44"/><path d="M${x - r * 0.82} ${y - r * 0.3}a${r * 0.82} ${r * 0.82} 0 0 0 ${r * 1.64} 0z" fill="#ff6b6b"/><g fill="#2b2118"><circle cx="${x - r * 0.3}" cy="${y + r * 0.05}" r="1.5"/><circle cx="${x + r * 0.3}" cy="${y + r * 0.05}" r="1.5"/></g>`,
  ],
  [
    /strawberr/,
    (x, y, r) =>
      `<path d="M${x - r} ${y - r * 0.4}q${r} -${r * 0.6} ${r * 2} 0q-${r * 0.2} ${r * 1.4} -${r} ${r * 1.6}q-${r * 0.8} -${r * 0.2} -${r} -${r * 1.6}z" fill="#e03131"/><path d="M${x - r * 0.6} ${y - r * 0.6}l${r * 0.6} ${r * 0.3} ${r * 0.6} -${r * 0.3}" stroke="#2f9e44" stroke-width="3" fill="none" stroke-linejoin="round"/>`,
  ],
  [/blueberr/, berries("#364fc7")],
  [/raspberr/, berries("#e64980")],
  [/acai|elderberr/, berries("#5f3dc4")],
  [/apple cider/, drop("#e8a33b")],
  [/apple/, fruit("#e03131")],
  [/peach|mango|passion/, fruit("#ffa94d")],
  [/pumpkin/, fruit("#f76707")],
  [/beet/, fruit("#a61e4d")],
  [
    /coconut/,
    (x, y, r) =>
      `<circle cx="${x}" cy="${y}" r="${r}" fill="#8d5b3a"/><circle cx="${x}" cy="${y}" r="${r * 0.7}" fill="#fff"/>`,
  ],
  [
    /banana/,
    (x, y, r) =>
      `<path d="M${x - r} ${y - r * 0.6}q${r} ${r * 2} ${r * 2} 0q-${r} ${r * 1.1} -${r * 2} 0z" fill="#ffd43b" stroke="#f59f00" stroke-width="1.5"/>`,
  ],
  [
    /pineapple/,
    (x, y, r) =>
      `<path d="M${x} ${y - r * 0.6}l-${r * 0.5} -${r * 0.7}M${x} ${y - r * 0.6}v-${r * 0.8}M${x} ${y - r * 0.6}l${r * 0.5} -${r * 0.7}" stroke="#2f9e44" stroke-width="3" stroke-linecap="round"/><ellipse cx="${x}" cy="${y + r * 0.2}" rx="${r * 0.65}" ry="${r * 0.85}" fill="#fab005"/><path d="M${x - r * 0.4} ${y - r * 0.2}l${r * 0.8} ${r * 0.8}M${x + r * 0.4} ${y - r * 0.2}l-${r * 0.8} ${r * 0.8}" stroke="#e67700" stroke-width="1.3"/>`,
  ],
  [
    /carrot/,
    (x, y, r) =>
      `<path d="M${x - r * 0.5} ${y - r * 0.6}h${r}l-${r * 0.5} ${r * 1.7}z" fill="#fd7e14"/><path d="M${x} ${y - r * 0.6}l-${r * 0.4} -${r * 0.6}M${x} ${y - r * 0.6}l${r * 0.4} -${r * 0.6}" stroke="#2f9e44" stroke-width="3" stroke-linecap="round"/>`,
  ],
  [/ginger/, rootVegetable("#d9a066")],
  [/turmeric/, rootVegetable("#f08c00")],
  [/mint|basil|spinach|kale|celery|wheatgrass|greens/, leaf("#37b24d")],
  [/black tea|tea/, leaf("#5c3d1e")],
  [
    /lavender|echinacea/,
    (x, y, r) =>
      `<path d="M${x} ${y + r}v-${r * 1.8}" stroke="#2f9e44" stroke-width="2"/><g fill="#9775fa"><circle cx="${x}" cy="${y - r * 0.8}" r="${r * 0.28}"/><circle cx="${x - r * 0.3}" cy="${y - r * 0.35}" r="${r * 0.28}"/><circle cx="${x + r * 0.3}" cy="${y - r * 0.35}" r="${r * 0.28}"/><circle cx="${x}" cy="${y + r * 0.1}" r="${r * 0.28}"/></g>`,
  ],
  [
    /cayenne|pepper|chili/,
    (x, y, r) =>
      `<path d="M${x - r} ${y - r * 0.5}q${r * 1.6} 0 ${r * 1.8} ${r * 1.5}q-${r * 1.2} -${r * 0.4} -${r * 1.8} -${r * 1.5}z" fill="#e03131"/><path d="M${x - r} ${y - r * 0.5}l-${r * 0.3} -${r * 0.4}" stroke="#2f9e44" stroke-width="3" stroke-linecap="round"/>`,
  ],
  [
    /cinnamon/,
    (x, y, r) =>
      `<g fill="#a0522d"><rect x="${x - r}" y="${y - r * 0.5}" width="${r * 2}" height="${r * 0.4}" rx="${r * 0.2}" transform="rotate(-25 ${x} ${y})"/><rect x="${x - r}" y="${y + r * 0.05}" width="${r * 2}" height="${r * 0.4}" rx="${r * 0.2}" transform="rotate(-25 ${x} ${y})"/></g>`,
  ],
  [/spirulina/, drop("#1c7ed6")],
  [/charcoal/, drop("#343a40")],
  [/honey|agave|maple|sugar|syrup/, drop("#f59f00")],
  [/yogurt|milk/, drop("#f1f3f5")],
  [/peanut|cacao|almond|oat|granola|nut/, bean("#a9713f")],
];

/** The motif that draws an ingredient, or none for one the artist does not know. */
function motifFor(ingredient) {
  const name = String(ingredient).toLowerCase();
  return MOTIFS.find(([pattern]) => pattern.test(name))?.[1] ?? null;
}

/** Where the first three ingredients go: a large one at the rim, two smaller at the vessel's foot. */
const INGREDIENT_SPOTS = [
  { x: 150, y: 46, r: 19 },
  { x: 42, y: 160, r: 15 },
  { x: 160, y: 160, r: 15 },
];

/** Up to three different motifs for a drink's ingredients, most important first. */
function ingredientMotifs(product) {
  let names = [];
  try {
    const parsed = JSON.parse(product.ingredients ?? "[]");
    if (Array.isArray(parsed)) names = parsed;
  } catch {
    // a malformed list draws no ingredients
  }
  const motifs = [];
  for (const name of names) {
    const motif = motifFor(name);
    if (motif && !motifs.includes(motif)) motifs.push(motif);
  }
  return motifs.slice(0, INGREDIENT_SPOTS.length);
}

/** The drink: its category's vessel in its own colours, with its main ingredients around it. */
export function drawDrink(product) {
  const vessel = VESSEL_BY_CATEGORY[product.category_id] ?? tallGlass;
  const drawing = vessel(gradientOf(product));
  const extras = ingredientMotifs(product)
    .map((motif, index) => {
      const { x, y, r } = INGREDIENT_SPOTS[index];
      return motif(x, y, r);
    })
    .join("");
  return drawing.replace("</svg>", `${extras}</svg>`);
}

// ---- category marks: a simple symbol on a coloured tile ----

const tile = (fill) => `<rect x="10" y="10" width="180" height="180" rx="48" fill="${fill}"/>`;

const CATEGORY_MARKS = {
  // an orange wheel
  "cat-fresh-juices": () =>
    svg(
      tile("#ffe8cc") +
        `<circle cx="100" cy="100" r="58" fill="#fd7e14"/><circle cx="100" cy="100" r="48" fill="#ffc078"/>` +
        `<path d="M100 52v96M52 100h96M66 66l68 68M134 66l-68 68" stroke="#fd7e14" stroke-width="4"/><circle cx="100" cy="100" r="8" fill="#fff4e6"/>`,
    ),
  // a blender jug
  "cat-smoothies": () =>
    svg(
      tile("#f3d9fa") +
        `<path d="M62 44h76l-12 88H74z" fill="#be4bdb"/><path d="M66 44h68l-4 30H70z" fill="#fff" opacity=".45"/>` +
        `<rect x="64" y="132" width="72" height="30" rx="8" fill="#5f3dc4"/><circle cx="100" cy="147" r="7" fill="#f3d9fa"/><rect x="84" y="32" width="32" height="12" rx="4" fill="#5f3dc4"/>`,
    ),
  // a leaf
  "cat-green-detox": () =>
    svg(
      tile("#d3f9d8") +
        `<path d="M52 148c0-58 34-92 100-98-4 66-38 100-100 98z" fill="#40c057"/><path d="M52 148c24-30 48-50 78-68" stroke="#ebfbee" stroke-width="6" fill="none" stroke-linecap="round"/>`,
    ),
  // a lemon
  "cat-lemonades": () =>
    svg(
      tile("#fff9db") +
        `<ellipse cx="100" cy="102" rx="60" ry="44" fill="#fcc419" transform="rotate(-20 100 102)"/><ellipse cx="86" cy="88" rx="16" ry="8" fill="#fff" opacity=".55" transform="rotate(-20 86 88)"/>` +
        `<path d="M150 74l12-8M42 128l-10 8" stroke="#f59f00" stroke-width="8" stroke-linecap="round"/>`,
    ),
  // a shot glass and a drop
  "cat-wellness-shots": () =>
    svg(
      tile("#ffe3e3") +
        `<path d="M100 34c-10 14-15 21-15 28a15 15 0 0 0 30 0c0-7-5-14-15-28z" fill="#f03e3e"/>` +
        `<path d="M66 94h68l-8 70H74z" fill="#fff" stroke="#c92a2a" stroke-width="5" stroke-linejoin="round"/><path d="M70 118h60l-5 44H75z" fill="#fa5252"/>`,
    ),
  // a boba cup
  "cat-bubble-tea": () =>
    svg(
      tile("#fff0f6") +
        `<path d="M108 28l-4 40" stroke="#862e9c" stroke-width="9" stroke-linecap="round"/><rect x="58" y="62" width="84" height="12" rx="6" fill="#862e9c"/>` +
        `<path d="M62 74h76l-10 90H72z" fill="#f783ac"/><g fill="#5c2b1a"><circle cx="86" cy="152" r="7"/><circle cx="102" cy="156" r="7"/><circle cx="116" cy="148" r="7"/><circle cx="94" cy="138" r="7"/></g>`,
    ),
  // a pumpkin
  "cat-seasonal": () =>
    svg(
      tile("#fff4e6") +
        `<ellipse cx="100" cy="112" rx="62" ry="48" fill="#f76707"/><path d="M100 64c-16 0-20 48 0 96M100 64c16 0 20 48 0 96" stroke="#d9480f" stroke-width="5" fill="none"/>` +
        `<path d="M100 66c0-14 4-22 14-28" stroke="#2b8a3e" stroke-width="8" stroke-linecap="round" fill="none"/>`,
    ),
  // a star
  "cat-retired": () =>
    svg(tile("#f1f3f5") + `<path d="M100 40l17 36 40 5-29 27 8 40-36-20-36 20 8-40-29-27 40-5z" fill="#adb5bd"/>`),
};

/** A category nobody drew a mark for yet: its initial on a tile. */
function initialMark(category) {
  const initial =
    String(category.name ?? "?")
      .trim()
      .charAt(0)
      .toUpperCase() || "?";
  return svg(
    tile("#ffe8cc") +
      `<text x="100" y="128" font-family="system-ui,sans-serif" font-size="88" font-weight="800" text-anchor="middle" fill="#e8590c">${initial.replace(/[<&>]/g, "")}</text>`,
  );
}

async function writeIfChanged(relativePath, content, check) {
  const path = join(publicDir, relativePath.replace(/^\//, ""));
  let current = null;
  try {
    current = await readFile(path, "utf8");
  } catch {
    // not drawn yet
  }
  if (current === content) return "same";
  if (check) return "stale";
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
  return current === null ? "new" : "updated";
}

async function main() {
  const check = process.argv.includes("--check");
  const sql = await readFile(seedPath, "utf8");
  const categories = parseInsertRows(sql, "categories");
  const products = parseInsertRows(sql, "products");
  if (categories.length === 0 || products.length === 0)
    throw new Error("No category or product rows found in seed/menu.sql");

  const drawings = [];
  for (const category of categories) {
    if (!category.image?.startsWith("/images/")) continue;
    const draw = CATEGORY_MARKS[category.id] ?? (() => initialMark(category));
    drawings.push({ path: category.image, content: draw() });
  }
  for (const product of products) {
    if (!product.image?.startsWith("/images/")) continue;
    drawings.push({ path: product.image, content: drawDrink(product) });
  }

  const counts = { new: 0, updated: 0, same: 0, stale: 0 };
  for (const { path, content } of drawings) {
    const size = Buffer.byteLength(content);
    if (size > MAX_BYTES) throw new Error(`${path} would be ${size} bytes (limit ${MAX_BYTES})`);
    counts[await writeIfChanged(path, content, check)] += 1;
  }
  console.log(
    `${drawings.length} illustrations: ${counts.new} new, ${counts.updated} updated, ${counts.same} unchanged` +
      (check ? `, ${counts.stale} missing or out of date` : ""),
  );
  if (check && counts.stale > 0) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
