import { z } from "zod";
import { PRODUCT_SIZES } from "#common/catalog";
import { DELIVERY_LIMITS, FULFILMENT_METHODS, ZIP_CODE_PATTERN } from "#common/fulfilment";
import { MAX_MODIFIERS_PER_LINE } from "#common/modifiers";
import { ORDER_LIMITS } from "#common/order-limits";
import { PICKUP_MODES } from "#common/pickup-modes";
import { TIP_PERCENTS } from "#common/tips";
import { normalizePromoCode, PROMO_CODE_MAX_LENGTH } from "#common/promo-codes";
import { phoneSchema } from "./profile";

/**
 * Pickup or delivery. A delivery needs a street and a ZIP code; whether that ZIP is inside the
 * delivery area is the server's to say (the area lives in D1, per location).
 */
const fulfilmentFields = {
  fulfilment: z.enum(FULFILMENT_METHODS, "Choose pickup or delivery").default("pickup"),
  street: z
    .string()
    .trim()
    .max(
      DELIVERY_LIMITS.maxStreetLength,
      `A street address can be at most ${DELIVERY_LIMITS.maxStreetLength} characters`,
    )
    .default(""),
  zip: z.string().trim().max(10, "Enter a 5-digit ZIP code").default(""),
};

function checkDeliveryAddress(
  value: { fulfilment: string; street: string; zip: string },
  context: z.RefinementCtx,
): void {
  if (value.fulfilment !== "delivery") return;
  if (value.street.length < DELIVERY_LIMITS.minStreetLength)
    context.addIssue({ code: "custom", path: ["street"], message: "Enter the street address to deliver to" });
  if (!ZIP_CODE_PATTERN.test(value.zip))
    context.addIssue({ code: "custom", path: ["zip"], message: "Enter a 5-digit ZIP code" });
}

/** The checkout form: one required phone (the profile's rule), and pickup or delivery with its address. */
export const checkoutFormSchema = z
  .object({ phone: phoneSchema, ...fulfilmentFields })
  .superRefine(checkDeliveryAddress);
export type CheckoutForm = z.input<typeof checkoutFormSchema>;

/**
 * One cart line as the browser sends it: which drink, which size, how many, a note and the
 * add-on options chosen. Never a price. A line without `modifierIds` (a cart saved before
 * add-ons) is made with each group's defaults; `[]` means none chosen, checked as it stands.
 */
export const orderLineSchema = z.object({
  productId: z.string().trim().min(1, "Choose a drink").max(100, "Unknown drink"),
  size: z.enum(PRODUCT_SIZES, "Choose a size"),
  quantity: z
    .number("Quantity must be a number")
    .int("Quantity must be a whole number")
    .min(ORDER_LIMITS.minQuantity, `Quantity must be at least ${ORDER_LIMITS.minQuantity}`)
    .max(ORDER_LIMITS.maxQuantity, `Quantity can be at most ${ORDER_LIMITS.maxQuantity}`),
  note: z
    .string()
    .trim()
    .max(ORDER_LIMITS.maxNoteLength, `A note can be at most ${ORDER_LIMITS.maxNoteLength} characters`)
    .default(""),
  modifierIds: z
    .array(
      z.string("An option id must be text").trim().min(1, "Unknown option").max(100, "Unknown option"),
      "Options must be a list",
    )
    .max(MAX_MODIFIERS_PER_LINE, `A drink can have at most ${MAX_MODIFIERS_PER_LINE} options`)
    .optional(),
});
export type OrderLineRequest = z.input<typeof orderLineSchema>;

/**
 * A promo code as a shopper types it, at the order and at the cart's prices: matched
 * case-insensitively (upper-cased here); blank or left out, none.
 */
export const promoCodeSchema = z
  .string("promoCode must be text")
  .trim()
  // The API puts the field's name before it; the checkout's field says it as it stands.
  .max(PROMO_CODE_MAX_LENGTH, `A promo code is at most ${PROMO_CODE_MAX_LENGTH} characters`)
  .transform((code) => (code === "" ? undefined : normalizePromoCode(code)))
  .optional();

/** When the shopper will pick the order up: as soon as possible, or a 15-minute slot's start. */
export const pickupRequestSchema = z.discriminatedUnion(
  "mode",
  [
    z.object({ mode: z.literal(PICKUP_MODES[0]) }),
    z.object({ mode: z.literal(PICKUP_MODES[1]), startsAt: z.iso.datetime("Choose a pickup time") }),
  ],
  "Choose a pickup time",
);
export type PickupRequest = z.infer<typeof pickupRequestSchema>;

/** A tip: one of the offered percentages of the subtotal, or an amount in cents (at most the subtotal, checked by the server). */
export const tipRequestSchema = z.union(
  [
    z.strictObject({
      percent: z.union(
        TIP_PERCENTS.map((percent) => z.literal(percent)),
        `A tip is ${TIP_PERCENTS.join("%, ")}% or an amount`,
      ),
    }),
    z.strictObject({
      cents: z
        .number("A tip must be a number of cents")
        .int("A tip must be whole cents")
        .min(0, "A tip cannot be negative"),
    }),
  ],
  "A tip is { percent } or { cents }",
);

/** The checkout's "Promo code" field: a code to apply (the API's rule; blank is none). */
export const promoCodeFormSchema = z.object({ promoCode: promoCodeSchema });
export type PromoCodeForm = z.input<typeof promoCodeFormSchema>;
/** The field once checked: the code upper-cased, or undefined when blank. */
export type ValidPromoCodeForm = z.output<typeof promoCodeFormSchema>;

/** `reward` of `POST /api/orders`: which reward, on which line (common/loyalty.ts). */
export const rewardRequestSchema = z.object(
  {
    id: z
      .string("reward.id must be a reward's id")
      .trim()
      .min(1, "reward.id must be a reward's id")
      .max(100, "reward.id names no reward"),
    line: z
      .number("reward.line must be a line's index")
      .int("reward.line must be a line's index")
      .min(0, "reward.line must be a line's index"),
  },
  "reward must be { id, line }",
);

/**
 * `POST /api/orders`. `displayedTotalCents` is only what the shopper saw: the server prices
 * every line itself and says so when the two differ.
 */
export const orderRequestSchema = z
  .object({
    lines: z
      .array(orderLineSchema)
      .min(1, "Your cart is empty")
      .max(ORDER_LIMITS.maxLines, `An order can have at most ${ORDER_LIMITS.maxLines} lines`),
    phone: phoneSchema,
    ...fulfilmentFields,
    displayedTotalCents: z.number().int().nonnegative().optional(),
    /** Without it, as soon as possible. */
    pickup: pickupRequestSchema.default({ mode: "asap" }),
    /** Without it, no tip. */
    tip: tipRequestSchema.optional(),
    /** Without it, or blank, no code. */
    promoCode: promoCodeSchema,
    /** A stamp-card reward spent on one drink of the line at `line` (its index); not with a promo code. */
    reward: rewardRequestSchema.optional(),
    /** The shop the order is for; without it, the default shop (today's clients and scripts). */
    locationId: z
      .string("locationId must be a shop's id")
      .trim()
      .min(1, "locationId must be a shop's id")
      .max(100, "Unknown shop: locationId names no shop")
      .optional(),
  })
  .superRefine(checkDeliveryAddress)
  .superRefine((order, context) => {
    if (order.reward && order.reward.line >= order.lines.length) {
      context.addIssue({ code: "custom", path: ["reward", "line"], message: "reward.line names no line of the order" });
    }
    if (order.reward && order.promoCode) {
      context.addIssue({
        code: "custom",
        path: ["reward"],
        message: "A reward and a promo code do not combine: use one of them on this order",
      });
    }
  });
export type OrderRequest = z.input<typeof orderRequestSchema>;
/** An order request once the API has validated it (notes trimmed and defaulted). */
export type ValidOrderRequest = z.output<typeof orderRequestSchema>;

/** The `Idempotency-Key` header: one per checkout attempt (a UUID from the browser). */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, "Idempotency-Key must be 8 to 100 characters")
  .max(100, "Idempotency-Key must be 8 to 100 characters")
  .regex(/^[A-Za-z0-9_\-:.]+$/, "Idempotency-Key may contain only letters, digits, -, _, : and .");
