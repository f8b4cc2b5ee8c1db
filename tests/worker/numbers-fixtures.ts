import { env } from "cloudflare:workers";
import { createSignedInUser, type SignedInUser } from "./sign-in";

/** A second shop for the numbers: Phoenix keeps no daylight saving. */
export const PHOENIX = { id: "loc-numbers-phoenix", name: "Squeeze Phoenix", timeZone: "America/Phoenix" };

interface Line {
  name: string;
  size: string;
  quantity: number;
  unitPriceCents: number;
  options?: { name: string; priceCents: number; isDefault?: boolean }[];
  productId?: string;
}

interface OrderSpec {
  id: string;
  locationId?: string;
  createdAt: string;
  status: string;
  paymentMode: "stripe" | "pay_on_pickup";
  paymentState: string;
  fulfilment?: "pickup" | "delivery";
  customerName?: string;
  tipCents?: number;
  deliveryFeeCents?: number;
  updatedAt?: string;
  refundedAt?: string | null;
  givenBackAt?: string;
  pickupAt?: string;
  lines: Line[];
}

/** Writes an order as it would stand after its history (test setup; the reports only read). */
export async function insertOrder(userId: string, spec: OrderSpec): Promise<void> {
  const itemsCents = spec.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const tip = spec.tipCents ?? 0;
  const fee = spec.deliveryFeeCents ?? 0;
  const statements = [
    env.DB.prepare(
      `INSERT INTO orders (id, user_id, location_id, status, payment_mode, payment_state, total_cents, subtotal_cents,
         customer_name, customer_email, phone, created_at, updated_at, refunded_at, fulfilment, delivery_fee_cents, tip_cents,
         given_back_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'numbers@example.com', '+1 714 555 0100', ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      spec.id,
      userId,
      spec.locationId ?? "loc-anaheim",
      spec.status,
      spec.paymentMode,
      spec.paymentState,
      itemsCents + tip + fee,
      itemsCents,
      spec.customerName ?? "Pat Customer",
      spec.createdAt,
      spec.updatedAt ?? spec.createdAt,
      spec.refundedAt ?? null,
      spec.fulfilment ?? "pickup",
      fee,
      tip,
      spec.givenBackAt ?? null,
    ),
    ...spec.lines.map((line) =>
      env.DB.prepare(
        `INSERT INTO order_items (order_id, product_id, name, size, unit_price_cents, quantity) VALUES (?, ?, ?, ?, ?, ?)`,
      ).bind(spec.id, line.productId ?? null, line.name, line.size, line.unitPriceCents, line.quantity),
    ),
    ...spec.lines.flatMap((line, lineIndex) =>
      (line.options ?? []).map((option, position) =>
        env.DB.prepare(
          `INSERT INTO order_item_options (order_id, line_index, position, name, price_cents, is_default) VALUES (?, ?, ?, ?, ?, ?)`,
        ).bind(spec.id, lineIndex, position, option.name, option.priceCents, option.isDefault ? 1 : 0),
      ),
    ),
  ];
  if (spec.pickupAt) {
    statements.push(
      env.DB.prepare(
        `INSERT INTO order_pickups (order_id, location_id, mode, pickup_at) VALUES (?, ?, 'slot', ?)`,
      ).bind(spec.id, spec.locationId ?? "loc-anaheim", spec.pickupAt),
    );
  }
  await env.DB.batch(statements);
}

const GREEN = "Green Machine";
const GINGER = "Ginger Shot";
const SUNRISE = "Sunrise Orange";
const BERRY = "Berry Blast";

/**
 * The known orders. Anaheim's day is 2026-06-10 (Pacific daylight time, UTC−7); Phoenix is UTC−7
 * all year. Times in the comments are on the shop's clock.
 */
export const KNOWN_ORDERS: OrderSpec[] = [
  // 09:05, card, paid; add-ons on both lines (the second line's tells the line index apart).
  {
    id: "num-a1",
    createdAt: "2026-06-10T16:05:00.000Z",
    status: "completed",
    paymentMode: "stripe",
    paymentState: "paid",
    tipCents: 300,
    customerName: '=HYPERLINK("http://evil.example","Click")',
    lines: [
      {
        name: GREEN,
        size: "large",
        quantity: 2,
        unitPriceCents: 825,
        options: [
          { name: "Regular ice", priceCents: 0, isDefault: true },
          { name: "Extra ginger", priceCents: 75 },
        ],
      },
      { name: GINGER, size: "default", quantity: 1, unitPriceCents: 375, options: [{ name: "Honey", priceCents: 25 }] },
    ],
  },
  // 10:30, pay at the counter, collected.
  {
    id: "num-a2",
    createdAt: "2026-06-10T17:30:00.000Z",
    status: "completed",
    paymentMode: "pay_on_pickup",
    paymentState: "paid_at_counter",
    customerName: "+1 555 0100",
    lines: [{ name: SUNRISE, size: "medium", quantity: 1, unitPriceCents: 600, productId: "prd-sunrise-orange" }],
  },
  // 11:10, card, refunded the next day at 10:00.
  {
    id: "num-a3",
    createdAt: "2026-06-10T18:10:00.000Z",
    status: "cancelled",
    paymentMode: "stripe",
    paymentState: "refunded",
    tipCents: 100,
    customerName: "-2+3",
    refundedAt: "2026-06-11T17:00:00.000Z",
    updatedAt: "2026-06-11T17:00:00.000Z",
    lines: [{ name: BERRY, size: "small", quantity: 1, unitPriceCents: 550 }],
  },
  // 12:00, a card delivery, refunded the same day at 13:00 (its fee with it).
  {
    id: "num-a3b",
    createdAt: "2026-06-10T19:00:00.000Z",
    status: "cancelled",
    paymentMode: "stripe",
    paymentState: "refunded",
    fulfilment: "delivery",
    deliveryFeeCents: 399,
    customerName: "@SUM(A1:A9)",
    refundedAt: "2026-06-10T20:00:00.000Z",
    updatedAt: "2026-06-10T20:00:00.000Z",
    lines: [{ name: GREEN, size: "medium", quantity: 1, unitPriceCents: 700 }],
  },
  // 13:30, card, cancelled, its refund still owed.
  {
    id: "num-a4",
    createdAt: "2026-06-10T20:30:00.000Z",
    status: "cancelled",
    paymentMode: "stripe",
    paymentState: "refund_pending",
    customerName: 'Ann "Juicy" Lee, Jr.',
    lines: [{ name: GINGER, size: "default", quantity: 2, unitPriceCents: 350 }],
  },
  // 14:00, pay at the counter, cancelled before it was paid: not a sale.
  {
    id: "num-a5",
    createdAt: "2026-06-10T21:00:00.000Z",
    status: "cancelled",
    paymentMode: "pay_on_pickup",
    paymentState: "not_required",
    lines: [{ name: SUNRISE, size: "large", quantity: 1, unitPriceCents: 700 }],
  },
  // 15:00, delivery paid at the door, not yet collected.
  {
    id: "num-a6",
    createdAt: "2026-06-10T22:00:00.000Z",
    status: "ready",
    paymentMode: "pay_on_pickup",
    paymentState: "not_required",
    fulfilment: "delivery",
    deliveryFeeCents: 399,
    tipCents: 200,
    lines: [
      { name: BERRY, size: "medium", quantity: 2, unitPriceCents: 650, options: [{ name: "Chia", priceCents: 50 }] },
    ],
  },
  // 15:30, paid at the counter, then cancelled and given back at the counter at 16:00.
  {
    id: "num-a11",
    createdAt: "2026-06-10T22:30:00.000Z",
    status: "cancelled",
    paymentMode: "pay_on_pickup",
    paymentState: "given_back",
    givenBackAt: "2026-06-10T23:00:00.000Z",
    updatedAt: "2026-06-10T23:00:00.000Z",
    lines: [{ name: GINGER, size: "default", quantity: 1, unitPriceCents: 350 }],
  },
  // 22:00, card, for a pickup tomorrow: counted today.
  {
    id: "num-a7",
    createdAt: "2026-06-11T05:00:00.000Z",
    status: "received",
    paymentMode: "stripe",
    paymentState: "paid",
    pickupAt: "2026-06-11T16:00:00.000Z",
    lines: [{ name: GREEN, size: "small", quantity: 1, unitPriceCents: 600 }],
  },
  // 23:50, completed and paid at the counter at 00:10 the next day: counted once, today.
  {
    id: "num-a8",
    createdAt: "2026-06-11T06:50:00.000Z",
    updatedAt: "2026-06-11T07:10:00.000Z",
    status: "completed",
    paymentMode: "pay_on_pickup",
    paymentState: "paid_at_counter",
    tipCents: 50,
    lines: [{ name: SUNRISE, size: "medium", quantity: 1, unitPriceCents: 600 }],
  },
  // A card checkout still awaiting payment, and one that lapsed unpaid: neither reached the shop.
  {
    id: "num-a9",
    createdAt: "2026-06-10T18:00:00.000Z",
    status: "received",
    paymentMode: "stripe",
    paymentState: "pending",
    lines: [{ name: GREEN, size: "large", quantity: 5, unitPriceCents: 825 }],
  },
  {
    id: "num-a10",
    createdAt: "2026-06-10T18:20:00.000Z",
    status: "cancelled",
    paymentMode: "stripe",
    paymentState: "not_required",
    lines: [{ name: GREEN, size: "large", quantity: 4, unitPriceCents: 825 }],
  },
  // Phoenix: 08:00 on June 10, and 23:30 on June 9 (06:30 UTC on June 10).
  {
    id: "num-p1",
    locationId: PHOENIX.id,
    createdAt: "2026-06-10T15:00:00.000Z",
    status: "completed",
    paymentMode: "stripe",
    paymentState: "paid",
    lines: [{ name: GREEN, size: "medium", quantity: 3, unitPriceCents: 700 }],
  },
  {
    id: "num-p2",
    locationId: PHOENIX.id,
    createdAt: "2026-06-10T06:30:00.000Z",
    status: "completed",
    paymentMode: "pay_on_pickup",
    paymentState: "paid_at_counter",
    lines: [{ name: SUNRISE, size: "small", quantity: 1, unitPriceCents: 500 }],
  },
  // Anaheim's daylight-saving days. March 8: 01:30 PST, then 03:30 PDT (2 a.m. never happens), and
  // 00:30 on March 9.
  ...(
    [
      ["num-d1", "2026-03-08T09:30:00.000Z"],
      ["num-d2", "2026-03-08T10:30:00.000Z"],
      ["num-d3", "2026-03-09T07:30:00.000Z"],
      // November 1: 01:30 PDT, 01:30 PST (the hour again), and 23:30 PST.
      ["num-n1", "2026-11-01T08:30:00.000Z"],
      ["num-n2", "2026-11-01T09:30:00.000Z"],
      ["num-n3", "2026-11-02T07:30:00.000Z"],
    ] as const
  ).map(([id, createdAt]): OrderSpec => ({
    id,
    createdAt,
    status: "completed",
    paymentMode: "pay_on_pickup",
    paymentState: "paid_at_counter",
    lines: [{ name: SUNRISE, size: "medium", quantity: 1, unitPriceCents: 500 }],
  })),
];

export interface NumbersPeople {
  owner: SignedInUser;
  manager: SignedInUser;
  barista: SignedInUser;
  shopper: SignedInUser;
  managerOfBoth: SignedInUser;
}

/** The second shop, the known orders, and the people who ask. */
export async function buildKnownNumbers(): Promise<NumbersPeople> {
  await env.DB.prepare(
    "INSERT INTO locations (id, name, address, phone, time_zone) VALUES (?, ?, '1 Desert Rd, Phoenix, AZ', '+1 602 555 0100', ?)",
  )
    .bind(PHOENIX.id, PHOENIX.name, PHOENIX.timeZone)
    .run();
  const shopper = await createSignedInUser({ username: "Pat Customer" });
  for (const order of KNOWN_ORDERS) await insertOrder(shopper.userId, order);
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO staff_members (email, location_id, role) VALUES ('both@example.com', 'loc-anaheim', 'manager')",
    ),
    env.DB.prepare(
      "INSERT INTO staff_members (email, location_id, role) VALUES ('both@example.com', ?, 'manager')",
    ).bind(PHOENIX.id),
  ]);
  return {
    owner: await createSignedInUser({ username: "Olive Owner", email: "owner@example.com" }),
    manager: await createSignedInUser({ username: "Morgan Manager", email: "manager@example.com" }),
    barista: await createSignedInUser({ username: "Sam Barista", email: "barista@example.com" }),
    managerOfBoth: await createSignedInUser({ username: "Both Shops", email: "Both@Example.com" }),
    shopper,
  };
}
