#!/usr/bin/env node
// Fills the local order board with a rush: places N orders (default 12) of 1 to 3 drinks, with
// add-ons and notes, some for a pickup time, at one shop, through several test people signed in
// with the local sign-in stand-in (each account may place 5 orders in 10 minutes, so a person
// places at most 4, and a new account holds at most 10 unpaid drinks, so a person stops before
// that). An order the server refuses is said in one line and the next one is tried; it never ends
// in a stack trace, nor does a mistyped option. New accounts together hold at most the shop's
// max_new_account_unpaid_drinks (30 in the development seed, about a dozen orders); for a bigger
// rush raise it in the local database:
//   npx wrangler d1 execute DB --local --command "UPDATE location_pickup_settings SET max_new_account_unpaid_drinks = 1000"
//
//   node scripts/fill-board.mjs [--orders 12] [--location loc-fullerton] [--url http://localhost:5173]
//
// Needs a running `npm run dev` (APP_ENV=development, no provider credentials). Open /staff as
// Sam Barista to watch them arrive.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { postLocalOrder } from "./lib/local-orders.mjs";
import { signInLocally } from "./lib/local-sign-in.mjs";

const HELP = `Fills the local order board with a rush of orders (drinks with add-ons and notes, some for a pickup time).

Usage: node scripts/fill-board.mjs [options]

  --orders N        how many orders, 1 to 200 (default 12)
  --location ID     the shop they are placed at, e.g. loc-fullerton (default: the default shop)
  --url URL         the local server (default http://localhost:5173, \`npm run dev\`)
  -h, --help        this text

Open /staff as a barista of that shop (or switch to it as Morgan Manager) to watch them arrive.`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      orders: { type: "string", default: "12" },
      location: { type: "string" },
      url: { type: "string", default: "http://localhost:5173" },
      help: { type: "boolean", short: "h", default: false },
    },
  }));
} catch (error) {
  console.error(`${error?.message ?? error}\n\n${HELP}`);
  process.exit(1);
}
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const location = values.location?.trim() || undefined;
const count = Number(values.orders);
if (!Number.isInteger(count) || count < 1 || count > 200) {
  console.error("--orders must be a whole number from 1 to 200");
  process.exit(1);
}
let origin;
try {
  origin = new URL(values.url).origin;
} catch {
  console.error(`--url must be an address such as http://localhost:5173, not "${values.url}"`);
  process.exit(1);
}
/** The shop's own answers: its menu, prices and opening state. */
const atShop = (path) =>
  location ? `${path}${path.includes("?") ? "&" : "?"}location=${encodeURIComponent(location)}` : path;
const ORDERS_PER_PERSON = 4;
/** Open unpaid drinks a new account may hold (worker/services/orders/open-drinks.ts). */
const DRINKS_PER_PERSON = 10;
const RAISE_NEW_ACCOUNT_DRINKS = `npx wrangler d1 execute DB --local --command "UPDATE location_pickup_settings SET max_new_account_unpaid_drinks = 1000"`;
const NOTES = ["", "", "No ice", "Less sweet", "Extra ginger", "Oat milk please", "Light ice, in a bag"];
const FIRST_NAMES = ["Maya", "Luis", "Priya", "Owen", "Hana", "Diego", "Zoe", "Sam", "Ines", "Theo", "Ada", "Kofi"];

async function getJson(path, init) {
  const response = await fetch(new URL(path, origin), init);
  const body = await response.json().catch(() => null);
  if (!response.ok)
    throw new Error(`${init?.method ?? "GET"} ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Every drink a shopper can order now at the shop, with the sizes it comes in and its add-on groups. */
async function orderableDrinks() {
  const [categories, store] = await Promise.all([getJson(atShop("/api/categories")), getJson(atShop("/api/store"))]);
  const soldOut = new Set(store.soldOut.map((mark) => `${mark.productId}:${mark.size}`));
  const drinks = [];
  for (const category of categories) {
    for (const product of await getJson(atShop(`/api/categories/${category.id}/products`))) {
      const sizes = Object.keys(product.pricesBySize ?? {}).filter(
        (size) => !soldOut.has(`${product.id}:${size}`) && !soldOut.has(`${product.id}:all`),
      );
      if (sizes.length > 0) drinks.push({ id: product.id, sizes, groups: product.modifierGroups ?? [] });
    }
  }
  if (drinks.length === 0) throw new Error("No drink can be ordered right now (is everything sold out?)");
  return { drinks, store };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * Add-ons as a shopper picks them: what a group requires, and often one more of a group that allows
 * it (a milk, a boost), never an option sold out at the shop.
 */
function randomAddOns(groups, soldOutOptions) {
  const chosen = [];
  for (const group of groups) {
    const options = group.options.filter((option) => !soldOutOptions.has(option.id));
    const extra = group.maxSelected > group.minSelected && Math.random() < 0.6 ? 1 : 0;
    const howMany = Math.min(options.length, group.minSelected + extra);
    const shuffled = [...options].sort(() => Math.random() - 0.5);
    // A required choice may stay the default; an extra one is a real add-on.
    const nonDefault = shuffled.filter((option) => !option.isDefault);
    const picked = group.minSelected > 0 ? shuffled.slice(0, howMany) : nonDefault.slice(0, howMany);
    chosen.push(...picked.map((option) => option.id));
  }
  return chosen;
}

function randomLines(drinks, soldOutOptions) {
  const lines = [];
  const howMany = 1 + Math.floor(Math.random() * 3);
  // Every order has at least one drink that takes add-ons, when the menu has one.
  const withAddOns = drinks.filter((drink) => drink.groups.length > 0);
  for (let index = 0; index < howMany; index += 1) {
    const drink = index === 0 && withAddOns.length > 0 ? pick(withAddOns) : pick(drinks);
    lines.push({
      productId: drink.id,
      size: pick(drink.sizes),
      quantity: Math.random() < 0.8 ? 1 : 2,
      note: pick(NOTES),
      modifierIds: randomAddOns(drink.groups, soldOutOptions),
    });
  }
  return lines;
}

/** The refusal's code and message, from the API's error body. */
function refusalOf(status, body) {
  const error = body?.error;
  return error?.code ? `${status} ${error.code}: ${error.message ?? ""}`.trim() : `${status}`;
}

/** Refusals that are this person's (their order limit): the next person carries on. */
const PERSON_REFUSALS = new Set([429]);

async function fill() {
  const { drinks, store } = await orderableDrinks();
  const soldOutOptions = new Set(store.soldOutOptions ?? []);
  if (!store.acceptingOrders) {
    console.error(`The shop is not taking orders right now (${store.reason}); resume it on /staff/menu first.`);
    return 1;
  }
  const freeSlots = store.pickupSlots.filter((slot) => !slot.full).map((slot) => slot.startsAt);
  const run = randomUUID().slice(0, 8);
  // Every refusal is said and the next order tried; a server that refuses everything stops it.
  const maxAttempts = count * 3;
  let placed = 0;
  let attempts = 0;
  let refused = 0;
  for (let person = 0; placed < count && attempts < maxAttempts; person += 1) {
    const name = `${FIRST_NAMES[person % FIRST_NAMES.length]} Rush`;
    let cookie;
    try {
      cookie = await signInLocally(origin, {
        provider: "google",
        name,
        email: `rush-${run}-${person}@example.com`,
        // Each person signs in from an address of their own: sign-ins are limited per address.
        clientAddress: `10.77.${person % 250}.${1 + (person % 200)}`,
      });
    } catch (error) {
      attempts += 1;
      console.log(`${name} could not sign in (${error.message}); the next person tries.`);
      continue;
    }
    let personDrinks = 0;
    for (let index = 0; index < ORDERS_PER_PERSON && placed < count && attempts < maxAttempts; index += 1) {
      const lines = randomLines(drinks, soldOutOptions);
      const orderDrinks = lines.reduce((sum, line) => sum + line.quantity, 0);
      if (personDrinks + orderDrinks > DRINKS_PER_PERSON) break;
      attempts += 1;
      // One order in four asks for a pickup time half an hour or more ahead, when the shop offers any
      // (the earliest slots fall behind the "as soon as possible" estimate as the queue grows).
      let pickup =
        placed % 4 === 3 && freeSlots.length > 0
          ? { mode: "slot", startsAt: freeSlots[Math.min(freeSlots.length - 1, 2 + Math.floor(placed / 4))] }
          : { mode: "asap" };
      const place = async (chosen) => {
        const response = await postLocalOrder(origin, {
          cookie,
          body: {
            ...(location ? { locationId: location } : {}),
            lines,
            phone: `+1 714 555 ${String(1000 + placed).slice(-4)}`,
            pickup: chosen,
          },
        });
        return { response, body: await response.json().catch(() => null) };
      };
      let answer = await place(pickup);
      // A slot the shop no longer offers (full, or behind the estimate) becomes "as soon as possible".
      if (!answer.response.ok && pickup.mode === "slot" && /slot_(full|invalid)/.test(answer.body?.error?.code ?? "")) {
        pickup = { mode: "asap" };
        answer = await place(pickup);
      }
      if (answer.body?.error?.code === "shop_busy") {
        console.error(
          `The shop takes no more unpaid orders from new accounts (${placed} placed). For a bigger rush, raise its max_new_account_unpaid_drinks in the local database:\n  ${RAISE_NEW_ACCOUNT_DRINKS}`,
        );
        return 1;
      }
      if (!answer.response.ok) {
        refused += 1;
        console.log(
          `Order ${placed + 1} by ${name} was refused (${refusalOf(answer.response.status, answer.body)}); the next one tries again.`,
        );
        if (PERSON_REFUSALS.has(answer.response.status)) break;
        continue;
      }
      const { order } = answer.body;
      placed += 1;
      personDrinks += orderDrinks;
      console.log(
        `${placed}/${count}: order ${order.id.slice(0, 8)} by ${name}, ${order.lines.length} line(s)${pickup.mode === "slot" ? ", for a pickup time" : ""}`,
      );
    }
  }
  const refusals = refused > 0 ? ` (${refused} refused on the way)` : "";
  if (placed < count) {
    console.error(`Placed ${placed} of ${count} orders on ${origin}${refusals}: the server kept refusing them.`);
    return 1;
  }
  const shop = location ? ` at ${location}` : "";
  console.log(`Placed ${placed} orders${shop} on ${origin}${refusals}. Open ${origin}/staff to watch them.`);
  return 0;
}

// Whatever happens, a sentence and an exit code, never a stack trace.
try {
  process.exitCode = await fill();
} catch (error) {
  const cause = error?.cause?.code ? ` (${error.cause.code})` : "";
  console.error(
    `Could not fill the board on ${origin}: ${error?.message ?? error}${cause}. Is \`npm run dev\` running there?`,
  );
  process.exitCode = 1;
}
