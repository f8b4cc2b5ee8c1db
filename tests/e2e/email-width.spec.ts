import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import type { ContactPayload } from "#common/forms/contact";
import type { PartnershipPayload } from "#common/forms/partnership";
import { contactMessageEmail } from "#worker/emails/contact";
import { latePaymentRefundedEmail } from "#worker/emails/late-payment-refund";
import { customerOrderEmail } from "#worker/emails/order-customer";
import type { OrderEmailDetails } from "#worker/emails/order-lines";
import { orderBackOnEmail } from "#worker/emails/order-recalled";
import { shopOrderEmail } from "#worker/emails/order-shop";
import { orderCancelledEmail, orderReadyEmail, orderRefundedEmail, type PickupShop } from "#worker/emails/order-status";
import { partnershipApplicationEmail } from "#worker/emails/partnership";
import { saveScreenshot } from "./support/a11y";
import { expect, test } from "./support/fixtures";

// Every e-mail the outbox sends, rendered as a phone's mail app shows an HTML e-mail: at 390 px
// wide nothing may stick out past the screen, however long a note, a list of add-ons, an address or
// an unbroken word someone typed. The samples are the longest the forms and the menu allow.

const LONG_WORD = "https://squeeze-juice.example/menu/categories/cat-fresh-juices/products/prd-sunrise-orange";
const NOTE = `Please no ice at all, extra pulp, and split it into two cups if you can. ${LONG_WORD} `.padEnd(280, "x");
const LONG_EMAIL = "alexandra.featherstonehaugh-montgomery.orders@example-corporate-mail.example";

const location: PickupShop = {
  name: "Squeeze Anaheim",
  address: "512 South Brookhurst St #4, Anaheim, CA 92804",
  phone: "+1 714 215 4499",
};

function order(overrides: Partial<OrderEmailDetails> = {}): OrderEmailDetails {
  return {
    orderId: "4f9c2b1e-0000-4000-8000-000000000001",
    createdAt: "2026-11-27T16:00:00.000Z",
    customerName: "Alexandra Featherstonehaugh-Montgomery",
    customerEmail: LONG_EMAIL,
    phone: "+1 (714) 555-0100 ext. 1234",
    totalCents: 21_143,
    paymentMode: "stripe",
    fulfilment: "pickup",
    fulfilmentAddress: location.address,
    deliveryFeeCents: 0,
    tipCents: 1_950,
    discounts: [],
    lines: [
      {
        productId: "prd-berry-blast",
        name: "Berry Blast Protein Smoothie Deluxe",
        image: "/images/drinks/berry-blast.svg",
        size: "large",
        unitPriceCents: 1_124,
        quantity: 12,
        note: NOTE,
        options: [
          { name: "Oat milk", priceCents: 50, isDefault: false },
          { name: "Protein", priceCents: 100, isDefault: false },
          { name: "Spirulina", priceCents: 75, isDefault: false },
          { name: "Chia seeds", priceCents: 75, isDefault: false },
          { name: "Extra sweet (agave)", priceCents: 0, isDefault: false },
        ],
        subtotalCents: 13_488,
      },
      {
        productId: "prd-sunrise-orange",
        name: "Sunrise Orange",
        image: "/images/drinks/sunrise-orange.svg",
        size: "medium",
        unitPriceCents: 649,
        quantity: 9,
        note: LONG_WORD,
        options: [],
        subtotalCents: 5_841,
      },
    ],
    pickup: { mode: "slot", at: "2026-11-28T17:30:00.000Z", timeZone: "America/Los_Angeles" },
    ...overrides,
  };
}

const delivery = (): OrderEmailDetails =>
  order({
    fulfilment: "delivery",
    fulfilmentAddress: `${"1200 West Lincoln Avenue Apartment 3 Building C Gate Code 4455 ".repeat(2)}, Anaheim, CA 92805`,
    deliveryFeeCents: 399,
    paymentMode: "pay_on_pickup",
  });

const contact: ContactPayload = {
  username: "Alexandra Featherstonehaugh-Montgomery",
  email: LONG_EMAIL,
  phone: "+1 (714) 555-0100 ext. 1234",
  message: `Do you cater office parties? About 30 people.\n${LONG_WORD}\n${"Long message. ".repeat(60)}`,
};

const partnership: PartnershipPayload = {
  name: "Alexandra Featherstonehaugh-Montgomery",
  email: LONG_EMAIL,
  currentPhone: "+1 (714) 555-0100 ext. 1234",
  interestPhone: "+1 (657) 555-0199 ext. 9876",
  currentAddress: "Rancho Santa Margarita, United Kingdom of Great Britain and Northern Ireland",
  locationOfInterest: "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch, United Kingdom",
  netWorth: "$1,000,000 - $2,500,000",
  liquidCapital: "$250,000 - $500,000",
  hasBusinessExperience: "Yes",
  bio: `${LONG_WORD}\n${"I have run two cafés for ten years. ".repeat(80)}`,
};

const submission = { submissionId: "0b7e9d1c-0000-4000-8000-00000000000a", receivedAt: "2026-11-27T16:00:00.000Z" };

/** Each template with the samples that take it to its longest, by the outbox kind it is sent as. */
const EMAILS: { kind: string; template: string; render(): { subject: string; html: string; text: string } }[] = [
  { kind: "order-shop", template: "shopOrderEmail", render: () => shopOrderEmail(order()) },
  { kind: "order-shop (delivery)", template: "shopOrderEmail", render: () => shopOrderEmail(delivery()) },
  { kind: "order-customer", template: "customerOrderEmail", render: () => customerOrderEmail(order()) },
  { kind: "order-customer (delivery)", template: "customerOrderEmail", render: () => customerOrderEmail(delivery()) },
  { kind: "order-ready", template: "orderReadyEmail", render: () => orderReadyEmail(order(), location) },
  {
    kind: "order-ready (on its way)",
    template: "orderReadyEmail",
    render: () => orderReadyEmail(delivery(), location),
  },
  ...(["none", "refunded", "pending", "at_counter"] as const).map((state) => ({
    kind: state === "pending" ? "order-cancelled-refund-pending" : `order-cancelled (${state})`,
    template: "orderCancelledEmail",
    render: () =>
      orderCancelledEmail(order(), location, {
        reason: `We ran out of berries this morning. ${LONG_WORD}`,
        refund: state === "none" ? { state } : { state, cents: 21_143 },
      }),
  })),
  {
    kind: "order-refunded",
    template: "orderRefundedEmail",
    render: () => orderRefundedEmail(order(), location, 21_143),
  },
  {
    kind: "order-late-payment-refunded",
    template: "latePaymentRefundedEmail",
    render: () => latePaymentRefundedEmail(order(), location, 45, 21_143),
  },
  ...(["received", "ready"] as const).map((backTo) => ({
    kind: `order-back-on (${backTo})`,
    template: "orderBackOnEmail",
    render: () => orderBackOnEmail(order(), location, backTo),
  })),
  { kind: "contact", template: "contactMessageEmail", render: () => contactMessageEmail(contact, submission) },
  {
    kind: "partnership",
    template: "partnershipApplicationEmail",
    render: () => partnershipApplicationEmail(partnership, submission),
  },
];

async function widthOf(page: Page, html: string): Promise<{ scrollWidth: number; clientWidth: number }> {
  await page.setContent(html);
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}

test("every e-mail template the outbox sends is rendered here", () => {
  const dir = join("worker", "emails");
  const templates = readdirSync(dir)
    // layout.ts is how every template renders, not a template of its own.
    .filter((name) => name.endsWith(".ts") && name !== "layout.ts")
    .flatMap((name) =>
      [...readFileSync(join(dir, name), "utf8").matchAll(/^export function (\w+Email)\(/gm)].map((match) => match[1]!),
    );
  expect(templates.length).toBeGreaterThan(0);
  expect(new Set(EMAILS.map((email) => email.template))).toEqual(new Set(templates));
});

test.describe("e-mails on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const email of EMAILS) {
    test(`${email.kind} fits 390 px`, async ({ page }) => {
      const { scrollWidth, clientWidth } = await widthOf(page, email.render().html);
      expect(clientWidth).toBe(390);
      expect(scrollWidth).toBeLessThanOrEqual(390);
      await saveScreenshot(page, `email-${email.kind.replace(/\W+/g, "-")}`);
    });
  }
});

test("e-mails on a wide screen keep their card at a readable width", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const email of EMAILS) {
    const { scrollWidth } = await widthOf(page, email.render().html);
    expect(scrollWidth, email.kind).toBeLessThanOrEqual(1440);
    const card = await page.locator("body > div").boundingBox();
    expect(card!.width, email.kind).toBeLessThanOrEqual(640 + 2 * 16 + 2);
    await saveScreenshot(page, `email-${email.kind.replace(/\W+/g, "-")}`);
  }
});
