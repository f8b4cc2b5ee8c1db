import { env } from "cloudflare:workers";

export interface PromoFixture {
  code: string;
  kind?: "percent" | "amount";
  amount?: number;
  minSubtotalCents?: number;
  startsOn?: string | null;
  endsOn?: string | null;
  maxUses?: number | null;
  maxUsesPerAccount?: number | null;
  firstOrderOnly?: boolean;
}

/** A code as the owner would write it in seed/promo-codes.sql (10% off every drink unless told). */
export async function addPromoCode(promo: PromoFixture): Promise<string> {
  await env.DB.prepare(
    `INSERT INTO promo_codes (code, kind, amount, min_subtotal_cents, starts_on, ends_on, max_uses, max_uses_per_account, first_order_only)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      promo.code,
      promo.kind ?? "percent",
      promo.amount ?? 10,
      promo.minSubtotalCents ?? 0,
      promo.startsOn ?? null,
      promo.endsOn ?? null,
      promo.maxUses ?? null,
      promo.maxUsesPerAccount ?? null,
      promo.firstOrderOnly ? 1 : 0,
    )
    .run();
  return promo.code;
}

/** How many uses of the code are recorded. */
export async function usesOf(code: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS uses FROM promo_code_uses WHERE code = ?")
    .bind(code)
    .first<{ uses: number }>();
  return row!.uses;
}
