#!/usr/bin/env node
// Adds a Star CloudPRNT printer to a shop (see the README's "Adding a printer"): makes its id
// and secret, and prints the SQL that adds it (only the secret's SHA-256 is stored), the server
// URL and the user name and password to type into the printer's CloudPRNT settings.
//
//   npm run printer:add -- --shop loc-anaheim --kind tickets --name "Counter" --origin https://squeeze.example
//   npm run printer:add -- --shop loc-anaheim --kind labels --name "Cups" --local --json
//
//   --local  writes the printer into the local D1 (`npm run dev`'s) instead of printing the SQL
//   --json   prints only { id, url, username, password }
//   --origin the site's origin (with --local: http://localhost:5173 unless given)
import { createHash, randomBytes } from "node:crypto";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openLocalD1, whileBusy } from "./lib/local-d1.mjs";

const KINDS = ["tickets", "labels"];
/** routes/cloudprnt.ts mounted in worker/app.ts. */
const SERVER_PATH = "/printers/cloudprnt";
const LOCAL_ORIGIN = "http://localhost:5173";

function fail(message) {
  console.error(`printer:add: ${message}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    shop: { type: "string" },
    kind: { type: "string" },
    name: { type: "string" },
    origin: { type: "string" },
    local: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
  },
});
if (!values.shop || !/^[a-z0-9-]+$/.test(values.shop)) fail("--shop <id> names the shop, e.g. loc-anaheim");
if (!KINDS.includes(values.kind ?? "")) fail(`--kind is one of ${KINDS.join(", ")}`);
const name = values.name?.trim();
if (!name || name.length > 60) fail("--name <name> is what the board calls the printer (at most 60 characters)");
if (!values.origin && !values.local)
  fail("--origin <url> is the site's origin the printer calls, e.g. https://squeeze.example");
let origin;
try {
  origin = new URL(values.origin ?? LOCAL_ORIGIN).origin;
} catch {
  fail(`--origin is not a URL: ${values.origin}`);
}

const id = `prn-${randomBytes(6).toString("hex")}`;
// 32 random bytes: a secret nobody types twice or guesses, so a plain SHA-256 keeps it safe.
const password = randomBytes(32).toString("base64url");
const secretHash = createHash("sha256").update(password).digest("hex");
const quote = (text) => `'${text.replaceAll("'", "''")}'`;
const sql = `INSERT INTO printers (id, location_id, name, kind, secret_hash) VALUES (${[id, values.shop, name, values.kind, secretHash].map(quote).join(", ")});`;
const url = `${origin}${SERVER_PATH}`;

if (values.local) {
  const root = new URL("..", import.meta.url).pathname;
  const local = openLocalD1(process.env.SQUEEZE_STATE_DIR ?? join(root, ".wrangler", "state"));
  try {
    const db = await local.db;
    // The local D1 is the running server's too: a write of its at the same moment is waited out.
    const shop = await whileBusy(() => db.prepare("SELECT id FROM locations WHERE id = ?").bind(values.shop).first());
    if (!shop) fail(`no shop ${values.shop} in the local D1 (npm run dev creates it)`);
    await whileBusy(() =>
      db
        .prepare("INSERT INTO printers (id, location_id, name, kind, secret_hash) VALUES (?, ?, ?, ?, ?)")
        .bind(id, values.shop, name, values.kind, secretHash)
        .run(),
    );
  } finally {
    await local.dispose();
  }
}

if (values.json) {
  console.log(JSON.stringify({ id, url, username: id, password }));
} else {
  if (!values.local)
    console.log(`-- Run against the shop's D1 (wrangler d1 execute DB --remote --command "…"):\n${sql}\n`);
  console.log(`In the printer's CloudPRNT settings (on its web configuration page):
  Server URL:        ${url}
  Polling interval:  5 seconds
  User name:         ${id}
  Password:          ${password}
The password is shown this once; to replace it, add the printer again and delete the old row.`);
}
