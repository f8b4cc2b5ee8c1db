import type { NumbersShop } from "#common/numbers";
import type { StaffMembership } from "#common/staff";
import type { LocationChannel } from "./live/location-channel";

/** Bindings, vars and secrets the worker reads. Secrets are set with `wrangler secret put`. */
export interface Env {
  DB: D1Database;
  EMAIL: SendEmail;
  ASSETS?: Fetcher;
  /** One Durable Object per location: the live channel of its boards and its shoppers' order pages. */
  LOCATION_CHANNEL: DurableObjectNamespace<LocationChannel>;
  AUTH_RATE_LIMITER: RateLimit;
  FORMS_RATE_LIMITER: RateLimit;
  /** Wrong printer secrets, per client (worker/routes/cloudprnt.ts). */
  PRINTER_RATE_LIMITER: RateLimit;
  /** Wrong promo codes, per client (worker/services/promo-codes/wrong-codes.ts). */
  PROMO_RATE_LIMITER: RateLimit;

  /** Where the shop receives orders, contact messages and franchise applications. */
  SHOP_EMAIL: string;
  /** The sender of every e-mail, e.g. `Squeeze <no-reply@example.com>`. */
  MAIL_FROM: string;
  /** How many delivery attempts an e-mail gets before it is marked failed. */
  EMAIL_MAX_ATTEMPTS: string;
  /** Local only (honoured when APP_ENV is "development"): "true" makes every send fail, "first" each e-mail's first attempt. */
  EMAIL_DEV_FAIL_SENDS?: string;

  /** "development" only in .dev.vars; enables the local sign-in stand-in on localhost. */
  APP_ENV?: string;

  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  APPLE_CLIENT_ID?: string;
  APPLE_TEAM_ID?: string;
  APPLE_KEY_ID?: string;
  APPLE_PRIVATE_KEY?: string;

  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;

  /** The shop's VAPID key pair for Web Push (base64url, raw P-256): secrets; `npm run dev` makes local ones. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
}

export interface AppVariables {
  /** Set by the staff guard (services/staff/staff-guard.ts, require-staff.ts) for a member of the shop's staff. */
  staff?: StaffMembership;
  /** Set by the staff guard (services/staff/staff-guard.ts) on the numbers: the shops whose numbers the caller may see. */
  numbersShops?: NumbersShop[];
  /** Set with `numbersShops`: the caller is the business's owner (who alone sees the stamps outstanding). */
  numbersOwner?: boolean;
  /** Set by the session middleware when the request carries a valid session. */
  userId?: string;
  /** The hash of that session's token: what a live socket is filed under (services/live-access.ts). */
  sessionHash?: string;
  /** CSP hashes of a landing page's `style` attributes and inline script (services/landing/page.ts). */
  prerenderedInlineHashes?: { styleAttributes: string[]; scripts: string[] };
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
