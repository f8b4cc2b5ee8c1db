// A year of realistic orders for the local D1 (`npm run seed:history`, and `npm run bench`'s
// numbers): every shop in the database, each day of the year before today on the shop's own
// clock (both daylight-saving days among them), busier at breakfast, lunch and after school and
// on weekends; one to three drinks at the menu's prices, add-ons, tips, deliveries, card and
// counter payments, refunds (some the next day, some partial from Stripe's dashboard), refunds still
// owed, cancellations, money given back at the counter, orders handed over unpaid, and orders with
// the seed's promo codes (WELCOME10 on a new account's first order, SUMMER2 inside its dates), each
// with its discount rows, its lines' shares and its use, as placing an order writes them.
// Deterministic (a seeded generator), and written again from scratch on each run: its rows are the
// orders whose id has "-hist-" in it.
//
// Orders are placed only inside each shop's own hours, weekly and one-off days, as
// seed/opening-hours.sql and seed/opening-hours-exceptions.sql write them (not the local
// database's all-day development hours); a refund made at a closed hour waits for the shop to
// open; and a shop's history starts on its opening date (locations.opened_on) when that is later.
import { TZDate } from "@date-fns/tz";
import { dateKey, nextOpenInstant, openIntervalsOn, readSeedHours } from "./seed-hours.mjs";

/**
 * What this generator writes, for a bench to pin (scripts/lib/numbers-bench.mjs): a change to the
 * orders it writes (how many, when, what) takes a new number, so figures of two versions are never
 * set side by side. 2: inside the shops' own hours, refunds while open, from the opening date.
 * 3: the same orders, some of them with promo codes.
 */
export const ORDER_HISTORY_VERSION = 3;

/** How often a code is used: WELCOME10 by a new account, SUMMER2 on an order it can apply to. */
const FIRST_ORDER_CODE_SHARE = 0.03;
const OTHER_CODE_SHARE = 0.1;

/**
 * `amountCents` over the lines by their cents, to the cent: whole cents first, the cents left over
 * to the largest remainders, the earlier line on a tie (worker/services/promo-codes/discount.ts).
 */
function spreadByShare(amountCents, lineCents) {
  const base = lineCents.reduce((sum, cents) => sum + cents, 0);
  const shares = lineCents.map((cents, lineIndex) => ({
    lineIndex,
    amountCents: Math.floor((amountCents * cents) / base),
    remainder: (amountCents * cents) % base,
  }));
  let left = amountCents - shares.reduce((sum, share) => sum + share.amountCents, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.lineIndex - b.lineIndex)) {
    if (left === 0) break;
    share.amountCents += 1;
    left -= 1;
  }
  return shares.filter((share) => share.amountCents > 0);
}

/** What a code takes off drinks worth `itemsCents` (all of them: the seed's codes cover every drink). */
function discountOf(code, itemsCents) {
  const wanted = code.kind === "percent" ? Math.round((itemsCents * code.amount) / 100) : code.amount;
  return Math.min(wanted, itemsCents);
}

const root = new URL("../..", import.meta.url).pathname;

/** A small seeded generator (mulberry32), so two runs write the same year. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Orders per hour of the day, relative: busier at breakfast, lunch and after school; 1 outside these. */
const HOURLY = { 7: 6, 8: 10, 9: 8, 10: 5, 11: 7, 12: 11, 13: 9, 14: 5, 15: 7, 16: 8, 17: 7, 18: 5, 19: 4, 20: 3 };
const HOUR_MS = 3_600_000;

/**
 * The open stretches of a day, cut at the hours of the shop's clock, each with its weight: where an
 * order of that day may be placed, and how likely.
 */
function weightedStretches(intervals, timeZone) {
  const stretches = [];
  for (const [start, end] of intervals) {
    for (let from = start; from < end;) {
      const local = new TZDate(from, timeZone);
      const nextHour = from + (60 - local.getMinutes()) * 60_000 - local.getSeconds() * 1000 - local.getMilliseconds();
      const until = Math.min(end, nextHour);
      stretches.push({ from, until, weight: ((HOURLY[local.getHours()] ?? 1) * (until - from)) / HOUR_MS });
      from = until;
    }
  }
  return stretches;
}
const FIRST_NAMES = ["Ava", "Noah", "Mia", "Liam", "Zoe", "Ethan", "Luna", "Mateo", "Aria", "Leo", "Nora", "Kai"];
const LAST_NAMES = ["Garcia", "Nguyen", "Smith", "Kim", "Lopez", "Patel", "Brown", "Rossi", "Chen", "Diaz"];

const quote = (value) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;

/**
 * @param {D1Database} db the local D1 (Miniflare's)
 * @param {{ days?: number, ordersPerDay?: number, now?: Date, log?: (line: string) => void, version?: number }} options
 *   `version`: the version the caller pinned; another one is refused rather than written
 * @returns {Promise<{ orders: number, lines: number, options: number, discounted: number, shops: number, from: string, to: string, version: number }>}
 */
export async function writeOrderHistory(
  db,
  {
    days = 365,
    ordersPerDay = 110,
    now = new Date(),
    log = () => {},
    version = ORDER_HISTORY_VERSION,
    openingDates = true,
  } = {},
) {
  if (version !== ORDER_HISTORY_VERSION)
    throw new Error(
      `This checkout writes order history version ${ORDER_HISTORY_VERSION}, not the pinned ${version}: compare figures of one version only.`,
    );
  const random = generator(20261126);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const shopHours = readSeedHours(root);
  // `npm run bench -- --against` writes the same year into a commit's database from before shops had an
  // opening date: without them (openingDates false) on both sides, so both hold the same orders.
  const columns = (await db.prepare("SELECT name FROM pragma_table_info('locations')").all()).results;
  const openedOn = openingDates && columns.some((column) => column.name === "opened_on") ? "opened_on" : "NULL";
  const shops = (
    await db
      .prepare(
        `SELECT id, time_zone AS timeZone, delivery_fee_cents AS fee, ${openedOn} AS openedOn FROM locations ORDER BY id`,
      )
      .all()
  ).results;
  const drinks = (
    await db
      .prepare(
        `SELECT p.id, p.name, s.size, coalesce(s.discounted_price_cents, s.price_cents) AS cents
         FROM products p JOIN product_prices s ON s.product_id = p.id WHERE p.is_deleted = 0 ORDER BY p.id, s.size`,
      )
      .all()
  ).results;
  const addOns = (
    await db
      .prepare(
        "SELECT id, name, price_cents AS cents FROM modifier_options WHERE is_default = 0 AND price_cents > 0 ORDER BY id",
      )
      .all()
  ).results;
  if (shops.length === 0 || drinks.length === 0)
    throw new Error("The local database has no shops or drinks: run npm run dev once first.");
  // The drinks' subtotal, when this schema stores it (`--against` may write into an older one).
  const withSubtotal = (
    await db.prepare("SELECT 1 FROM pragma_table_info('orders') WHERE name = 'subtotal_cents'").all()
  ).results.length;
  // The seed's codes, when this schema has promo codes (`--against` may write into an older one).
  const withPromoCodes = (
    await db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'promo_codes'").all()
  ).results.length;
  const promoCodes = withPromoCodes
    ? (
        await db
          .prepare(
            `SELECT code, kind, amount, min_subtotal_cents AS minSubtotalCents, starts_on AS startsOn, ends_on AS endsOn,
               first_order_only AS firstOrderOnly
             FROM promo_codes WHERE code IN ('WELCOME10', 'SUMMER2') AND max_uses IS NULL
               AND (first_order_only = 1 OR max_uses_per_account IS NULL)
               AND NOT EXISTS (SELECT 1 FROM promo_code_shops s WHERE s.code = promo_codes.code)
               AND NOT EXISTS (SELECT 1 FROM promo_code_drinks d WHERE d.code = promo_codes.code)
             ORDER BY code`,
          )
          .all()
      ).results
    : [];
  const firstOrderCode = promoCodes.find((code) => code.firstOrderOnly);
  const otherCode = promoCodes.find((code) => !code.firstOrderOnly);
  // Its own generator, so the orders themselves are those of version 2.
  const promoRandom = generator(20261128);

  // The last run's orders go a few thousand at a time: one statement deleting a year's, with each
  // order's rows in the tables that cascade from it, outlasts the local D1's request.
  for (;;) {
    const deleted = await db
      .prepare("DELETE FROM orders WHERE id IN (SELECT id FROM orders WHERE id LIKE '%-hist-%' LIMIT 2000)")
      .run();
    if (deleted.meta.changes === 0) break;
  }
  await db
    .prepare(
      "INSERT INTO users (id, username, email) VALUES ('hist-shopper', 'History Shopper', 'history@example.com') ON CONFLICT (id) DO NOTHING",
    )
    .run();

  const orderRows = [];
  const itemRows = [];
  const optionRows = [];
  const shopperRows = [];
  const discountRows = [];
  const shareRows = [];
  const useRows = [];
  // A first-order code's use is written while its order is still open, as at checkout: the
  // trigger refuses it for an account with a completed order. The order is completed after.
  const completeAfterUse = [];
  let otherCodeUses = 0;
  let newShoppers = 0;
  let counts = { orders: 0, lines: 0, options: 0, discounted: 0 };
  let first = null;
  let last = null;

  const flush = async (force) => {
    if (!force && orderRows.length < 2000) return;
    const statements = [];
    const chunk = (table, columns, rows, size, onConflict = "") => {
      for (let i = 0; i < rows.length; i += size) {
        const values = rows.slice(i, i + size).map((row) => `(${row.map(quote).join(", ")})`);
        statements.push(db.prepare(`INSERT INTO ${table} (${columns}) VALUES ${values.join(",\n")} ${onConflict}`));
      }
    };
    // The new accounts of a run before stay (only the orders are written anew).
    chunk("users", "id, username, email", shopperRows, 400, "ON CONFLICT (id) DO NOTHING");
    chunk(
      "orders",
      `id, user_id, location_id, status, payment_mode, payment_state, total_cents,${withSubtotal ? " subtotal_cents," : ""} customer_name, customer_email, phone, created_at, updated_at, paid_at, refunded_at, fulfilment, fulfilment_address, delivery_fee_cents, tip_cents, cancel_reason, refunded_cents, partly_refunded_cents, partly_refunded_at, given_back_at${withPromoCodes ? ", discount_cents" : ""}`,
      orderRows,
      200,
    );
    chunk("order_items", "order_id, product_id, name, size, unit_price_cents, quantity", itemRows, 400);
    chunk(
      "order_item_options",
      "order_id, line_index, position, option_id, name, price_cents, is_default",
      optionRows,
      400,
    );
    chunk("order_discounts", "order_id, position, kind, name, amount_cents", discountRows, 400);
    chunk("order_discount_lines", "order_id, position, line_index, amount_cents", shareRows, 400);
    chunk("promo_code_uses", "order_id, code, user_id, account_use, created_at", useRows, 400);
    if (completeAfterUse.length > 0)
      statements.push(
        db.prepare(`UPDATE orders SET status = 'completed' WHERE id IN (${completeAfterUse.map(quote).join(", ")})`),
      );
    await db.batch(statements);
    counts = {
      orders: counts.orders + orderRows.length,
      lines: counts.lines + itemRows.length,
      options: counts.options + optionRows.length,
      discounted: counts.discounted + discountRows.length,
    };
    for (const rows of [
      orderRows,
      itemRows,
      optionRows,
      shopperRows,
      discountRows,
      shareRows,
      useRows,
      completeAfterUse,
    ])
      rows.length = 0;
  };

  let serial = 0;
  for (const shop of shops) {
    const hours = shopHours.get(shop.id);
    if (!hours) log(`  ${shop.id}: no weekly hours in seed/opening-hours.sql, so no orders`);
    // A refund at a closed hour waits for the shop to open (never later than two weeks on).
    const whenOpen = (at) => nextOpenInstant(hours, shop.timeZone, at) ?? at;
    const today = new TZDate(now.getTime(), shop.timeZone);
    let written = 0;
    for (let back = days; back >= 1; back -= 1) {
      const [year, monthIndex, dayOfMonth] = [today.getFullYear(), today.getMonth(), today.getDate() - back];
      const date = dateKey(year, monthIndex, dayOfMonth);
      if (shop.openedOn && date < shop.openedOn) continue;
      first = first === null || date < first ? date : first;
      last = last === null || date > last ? date : last;
      written += 1;
      const stretches = weightedStretches(
        openIntervalsOn(hours, shop.timeZone, year, monthIndex, dayOfMonth),
        shop.timeZone,
      );
      const openWeight = stretches.reduce((sum, stretch) => sum + stretch.weight, 0);
      if (openWeight === 0) continue;
      const weekday = new Date(Date.UTC(year, monthIndex, dayOfMonth)).getUTCDay();
      const weekend = weekday === 0 || weekday === 6;
      const ordersToday = Math.round(ordersPerDay * (weekend ? 1.3 : 1) * (0.8 + random() * 0.4));
      for (let n = 0; n < ordersToday; n += 1) {
        // A stretch by the day's shape, then an instant inside it.
        let draw = random() * openWeight;
        let stretch = stretches[stretches.length - 1];
        for (const candidate of stretches) {
          draw -= candidate.weight;
          if (draw <= 0) {
            stretch = candidate;
            break;
          }
        }
        const placed = new Date(stretch.from + Math.floor((random() * (stretch.until - stretch.from)) / 1000) * 1000);
        const createdAt = new Date(placed.getTime()).toISOString();
        // Its first eight characters make the order's number (common/orders.ts), so they differ.
        const id = `${Math.floor(random() * 2 ** 32)
          .toString(16)
          .padStart(8, "0")}-hist-${String((serial += 1)).padStart(7, "0")}`;
        const delivery = shop.fee > 0 && random() < 0.15;
        const card = random() < 0.6;
        const lineCount = random() < 0.6 ? 1 : random() < 0.75 ? 2 : 3;
        let itemsCents = 0;
        const lineCents = [];
        for (let lineIndex = 0; lineIndex < lineCount; lineIndex += 1) {
          const drink = pick(drinks);
          const quantity = random() < 0.85 ? 1 : 2;
          let unit = drink.cents;
          if (addOns.length > 0 && random() < 0.3) {
            const addOn = pick(addOns);
            unit += addOn.cents;
            optionRows.push([id, lineIndex, 0, addOn.id, addOn.name, addOn.cents, 0]);
          }
          itemsCents += unit * quantity;
          lineCents.push(unit * quantity);
          itemRows.push([id, drink.id, drink.name, drink.size, unit, quantity]);
        }
        // The tip is suggested on the drinks before any discount.
        const tip = random() < (card ? 0.45 : 0.2) ? Math.round((itemsCents * pick([10, 15, 20])) / 100) : 0;
        const fee = delivery ? shop.fee : 0;
        // A code on some orders: a new account's first order, or one inside the other code's
        // dates (on the shop's calendar) and over its minimum.
        const codeDraw = promoRandom();
        let promo = null;
        if (firstOrderCode && codeDraw < FIRST_ORDER_CODE_SHARE) promo = firstOrderCode;
        else if (
          otherCode &&
          codeDraw < FIRST_ORDER_CODE_SHARE + OTHER_CODE_SHARE &&
          itemsCents >= otherCode.minSubtotalCents &&
          (otherCode.startsOn === null || otherCode.startsOn <= date) &&
          (otherCode.endsOn === null || otherCode.endsOn >= date)
        )
          promo = otherCode;
        const discount = promo ? discountOf(promo, itemsCents) : 0;
        const total = itemsCents - discount + tip + fee;
        const minutes = (m) => new Date(placed.getTime() + m * 60_000).toISOString();
        // Money is given back while the shop is open.
        const opened = (iso) => new Date(whenOpen(Date.parse(iso))).toISOString();
        // How it ended.
        const fate = random();
        let status = "completed";
        let paymentState = card ? "paid" : "paid_at_counter";
        let updatedAt = minutes(12);
        let paidAt = card ? minutes(0.5) : minutes(12);
        let refundedAt = null;
        let reason = null;
        let partlyRefundedCents = 0;
        let partlyRefundedAt = null;
        let givenBackAt = null;
        if (fate < 0.02) {
          // Cancelled before payment (at the counter) or refunded by card, sometimes the next day.
          status = "cancelled";
          reason = "Out of an ingredient";
          if (card) {
            paymentState = "refunded";
            refundedAt = opened(minutes(random() < 0.3 ? 60 * 20 : 15));
            updatedAt = refundedAt;
          } else {
            paymentState = "not_required";
            paidAt = null;
          }
        } else if (fate < 0.024 && card) {
          status = "cancelled";
          reason = "Customer asked";
          paymentState = "refund_pending";
        } else if (fate < 0.03 && !card) {
          // Paid at the counter, then cancelled: given back there.
          status = "cancelled";
          reason = "Made wrong";
          paymentState = "given_back";
          givenBackAt = opened(minutes(20));
          updatedAt = givenBackAt;
        } else if (fate < 0.033 && !card) {
          // Handed over without the money.
          paymentState = "not_collected";
          paidAt = null;
        } else if (fate < 0.035 && card) {
          // Refunded from Stripe's dashboard after it was picked up.
          paymentState = "refunded";
          refundedAt = opened(minutes(60 * 3));
          updatedAt = refundedAt;
        } else if (fate < 0.04 && card) {
          // Part of it refunded from Stripe's dashboard, sometimes the next day: the order stays paid.
          partlyRefundedCents = Math.min(total, 150 + Math.floor(random() * 400));
          partlyRefundedAt = opened(minutes(random() < 0.3 ? 60 * 20 : 40));
          updatedAt = partlyRefundedAt;
        }
        const name = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
        let shopper = "hist-shopper";
        if (promo?.firstOrderOnly) {
          newShoppers += 1;
          shopper = `hist-new-shopper-${String(newShoppers).padStart(6, "0")}`;
          shopperRows.push([shopper, name, `history+${newShoppers}@example.com`]);
        }
        if (discount > 0) {
          discountRows.push([id, 0, "promo", promo.code, discount]);
          for (const share of spreadByShare(discount, lineCents))
            shareRows.push([id, 0, share.lineIndex, share.amountCents]);
          // A use is given back when its order is cancelled before it was paid.
          if (!(status === "cancelled" && paymentState === "not_required")) {
            const accountUse = promo.firstOrderOnly ? 1 : (otherCodeUses += 1);
            useRows.push([id, promo.code, shopper, accountUse, createdAt]);
            if (promo.firstOrderOnly && status === "completed") completeAfterUse.push(id);
          }
        }
        orderRows.push([
          id,
          shopper,
          shop.id,
          completeAfterUse.at(-1) === id ? "received" : status,
          card ? "stripe" : "pay_on_pickup",
          paymentState,
          total,
          ...(withSubtotal ? [itemsCents] : []),
          name,
          "history@example.com",
          "+1 714 555 0100",
          createdAt,
          updatedAt,
          paidAt,
          refundedAt,
          delivery ? "delivery" : "pickup",
          delivery ? "100 Sample St, Anaheim, CA 92804" : "",
          fee,
          tip,
          reason,
          paymentState === "refunded" ? total : partlyRefundedCents,
          partlyRefundedCents,
          partlyRefundedAt,
          givenBackAt,
          ...(withPromoCodes ? [discount] : []),
        ]);
        await flush(false);
      }
    }
    log(`  ${shop.id}: ${written} days written${shop.openedOn ? ` (opened ${shop.openedOn})` : ""}`);
  }
  await flush(true);
  return { ...counts, shops: shops.length, from: first, to: last, version: ORDER_HISTORY_VERSION };
}
