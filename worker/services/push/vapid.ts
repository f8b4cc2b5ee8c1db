/** The shop's VAPID identity (RFC 8292): secrets, never vars; the subject is the shop's mailto: address. */
import type { Env } from "#worker/env";

export interface ShopVapidKeys {
  subject: string;
  /** Base64url of the raw P-256 public key (65 bytes): what browsers subscribe with. */
  publicKey: string;
  /** Base64url of the private scalar (32 bytes). */
  privateKey: string;
}

/** The keys push is sent with, or null while they are not set (push is then off). */
export function vapidKeys(
  env: Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "SHOP_EMAIL">,
): ShopVapidKeys | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  return { subject: `mailto:${env.SHOP_EMAIL}`, publicKey, privateKey };
}
