#!/usr/bin/env node
// Performance budget for the home page, read from the production build (`npm run budget`
// runs `vite build` first). It follows what a first visit to `/` downloads:
//   - the HTML;
//   - the entry script, everything it imports statically (its modulepreloads), and the
//     home route's lazily loaded chunk with its own static imports;
//   - the stylesheets of those chunks;
//   - the images those chunks and the HTML point at (logo, favicon, home illustrations).
// Sizes are gzip level 9 (and brotli, which Cloudflare serves when the browser accepts it).
// Exits 1 when initial JS > 100 kB gzip, the total > 400 kB, or anything comes from another origin.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join, posix } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const KB = 1000;
const BUDGET = { initialJs: 100 * KB, total: 400 * KB, thirdParty: 0 };
const HOME_CHUNK = "home-page"; // the chunk name given to lazyPage() for "/" in web/app/router.tsx

const root = process.cwd();
// `node scripts/budget.mjs [build dir]`: the client build, dist/client by default.
const candidates = process.argv[2]
  ? [process.argv[2], join(process.argv[2], "client")]
  : [join(root, "dist", "client"), join(root, "dist")];
const distDir = candidates.find((dir) => existsSync(join(dir, "index.html")));
if (!distDir) {
  console.error("No build found (dist/client/index.html). Run `npm run budget`, which builds first.");
  process.exit(2);
}

const read = (urlPath) => readFileSync(join(distDir, urlPath.replace(/^\//, "")));
const exists = (urlPath) => existsSync(join(distDir, urlPath.replace(/^\//, "")));
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".svg", ".json", ".webmanifest", ".txt"]);
function sizes(urlPath) {
  const bytes = read(urlPath);
  if (!COMPRESSIBLE.has(extname(urlPath))) return { raw: bytes.length, gzip: bytes.length, brotli: bytes.length };
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const html = read("/index.html").toString("utf8");
const attr = (tag, name) => new RegExp(`\\s${name}=["']([^"']+)["']`, "i").exec(tag)?.[1];
const tags = [...html.matchAll(/<(script|link|img)\b[^>]*>/gi)].map((match) => match[0]);
const isExternal = (url) => /^(https?:)?\/\//i.test(url);

const entryScripts = tags.filter((tag) => /^<script/i.test(tag) && attr(tag, "src")).map((tag) => attr(tag, "src"));
const modulePreloads = tags.filter((tag) => /rel=["']modulepreload/i.test(tag)).map((tag) => attr(tag, "href"));
const stylesheets = tags.filter((tag) => /rel=["']stylesheet/i.test(tag)).map((tag) => attr(tag, "href"));
const icons = tags.filter((tag) => /rel=["'](shortcut )?icon["']/i.test(tag)).map((tag) => attr(tag, "href"));
const htmlRequests = [
  ...entryScripts,
  ...modulePreloads,
  ...stylesheets,
  ...icons,
  ...tags.filter((tag) => /^<img/i.test(tag)).map((tag) => attr(tag, "src")),
].filter(Boolean);

// ---- the JS graph ----
const resolveFrom = (fromUrl, specifier) => posix.normalize(posix.join(posix.dirname(fromUrl), specifier));
function staticImports(jsUrl) {
  const code = read(jsUrl).toString("utf8");
  const found = new Set();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) {
    found.add(resolveFrom(jsUrl, match[1]));
  }
  return found;
}
function closure(startUrls) {
  const seen = new Set();
  const queue = [...startUrls];
  while (queue.length > 0) {
    const url = queue.pop();
    if (seen.has(url) || isExternal(url) || !exists(url)) continue;
    seen.add(url);
    for (const next of staticImports(url)) queue.push(next);
  }
  return seen;
}

const entryClosure = closure([...entryScripts, ...modulePreloads]);

// The home route's chunk and the CSS Vite preloads with it (its __vite__mapDeps list).
const homeJs = new Set();
const homeCss = new Set();
for (const entry of entryScripts) {
  const code = read(entry).toString("utf8");
  const depsList = /m\.f\s*\|\|\s*\(m\.f\s*=\s*(\[[^\]]*\])/.exec(code) ?? /m\.f=(\[[^\]]*\])/.exec(code);
  const depFiles = depsList ? JSON.parse(depsList[1]) : [];
  const call = new RegExp(
    `import\\(\\s*["'\`](\\.\\/${HOME_CHUNK}-[^"'\`]+\\.js)["'\`]\\s*\\)\\s*,\\s*__vite__mapDeps\\(\\[([\\d,\\s]*)\\]`,
  ).exec(code);
  if (!call) continue;
  homeJs.add(resolveFrom(entry, call[1]));
  for (const index of call[2].split(",").filter(Boolean)) {
    const file = "/" + depFiles[Number(index)];
    if (file.endsWith(".css")) homeCss.add(file);
    else homeJs.add(file);
  }
}
if (homeJs.size === 0) {
  // Fall back on the file name if the preload helper changed shape.
  const assets = readdirSync(join(distDir, "assets"));
  for (const file of assets) {
    if (file.startsWith(`${HOME_CHUNK}-`) && file.endsWith(".js")) homeJs.add(`/assets/${file}`);
    if (file.startsWith(`${HOME_CHUNK}-`) && file.endsWith(".css")) homeCss.add(`/assets/${file}`);
  }
}
if (homeJs.size === 0) {
  console.error(`Could not find the "${HOME_CHUNK}" chunk in the build.`);
  process.exit(2);
}
const initialJs = new Set([...entryClosure, ...closure(homeJs)]);
const css = new Set([...stylesheets.filter((url) => !isExternal(url)), ...homeCss]);

// ---- images the home page shows: string literals in its JS, url() in its CSS, icons in the HTML ----
const images = new Set(icons.filter((url) => !isExternal(url)));
const thirdParty = new Set(htmlRequests.filter(isExternal));
for (const url of initialJs) {
  const code = read(url).toString("utf8");
  for (const match of code.matchAll(/["'`](\/(?:images\/[^"'`\s]+|logo\.svg|favicon\.svg)\.?[a-z]*)["'`]/g)) {
    if (exists(match[1])) images.add(match[1]);
  }
}
for (const url of css) {
  const text = read(url).toString("utf8");
  for (const match of text.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
    if (match[1].startsWith("data:")) continue;
    if (isExternal(match[1])) thirdParty.add(match[1]);
    else if (exists(resolveFrom(url, match[1]))) images.add(resolveFrom(url, match[1]));
  }
  for (const match of text.matchAll(/@import\s+(?:url\()?["']?(https?:\/\/[^"')\s]+)/g)) thirdParty.add(match[1]);
}

// ---- the table ----
const sum = (urls) =>
  [...urls].reduce(
    (total, url) => {
      const size = sizes(url);
      return {
        raw: total.raw + size.raw,
        gzip: total.gzip + size.gzip,
        brotli: total.brotli + size.brotli,
        files: total.files + 1,
      };
    },
    { raw: 0, gzip: 0, brotli: 0, files: 0 },
  );
const htmlSize = { ...sizes("/index.html"), files: 1 };
const jsSize = sum(initialJs);
const cssSize = sum(css);
const imageSize = sum(images);
const totalSize = ["raw", "gzip", "brotli", "files"].reduce(
  (total, key) => ({ ...total, [key]: htmlSize[key] + jsSize[key] + cssSize[key] + imageSize[key] }),
  {},
);

const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
const rows = [
  ["HTML", htmlSize, ""],
  ["Initial JS for /", jsSize, `≤ ${kb(BUDGET.initialJs)}`],
  ["CSS", cssSize, ""],
  ["Images", imageSize, ""],
  ["Total home-page transfer", totalSize, `≤ ${kb(BUDGET.total)}`],
];
const line = (cells) =>
  console.log(cells.map((cell, index) => (index === 0 ? cell.padEnd(26) : cell.padStart(11))).join(" "));
console.log(`Home page budget (${posix.relative(root, distDir) || distDir})\n`);
line(["", "files", "raw", "gzip", "brotli", "budget (gzip)"]);
for (const [label, size, budget] of rows)
  line([label, String(size.files), kb(size.raw), kb(size.gzip), kb(size.brotli), budget]);
line(["Third-party requests", String(thirdParty.size), "", "", "", `= ${BUDGET.thirdParty}`]);

console.log("\nInitial JS files (gzip):");
for (const url of [...initialJs].sort((a, b) => sizes(b).gzip - sizes(a).gzip)) {
  console.log(`  ${kb(sizes(url).gzip).padStart(9)}  ${url}`);
}
if (thirdParty.size > 0) console.log(`\nThird-party requests:\n  ${[...thirdParty].join("\n  ")}`);

const failures = [];
if (jsSize.gzip > BUDGET.initialJs) failures.push(`initial JS ${kb(jsSize.gzip)} > ${kb(BUDGET.initialJs)}`);
if (totalSize.gzip > BUDGET.total) failures.push(`total ${kb(totalSize.gzip)} > ${kb(BUDGET.total)}`);
if (thirdParty.size > BUDGET.thirdParty) failures.push(`${thirdParty.size} third-party request(s)`);
if (failures.length > 0) {
  console.error(`\nOver budget: ${failures.join("; ")}`);
  process.exit(1);
}
console.log("\nWithin budget.");
