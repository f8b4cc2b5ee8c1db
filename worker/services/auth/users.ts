import { and, eq } from "drizzle-orm";
import type { SessionUser } from "#common/session-user";
import type { StaffMembership } from "#common/staff";
import type { Database } from "#worker/db/client";
import type { AuthProvider } from "#common/auth-providers";
import { providerAccounts, users } from "#worker/db/schema";

export interface ProviderIdentity {
  provider: AuthProvider;
  /** The provider's stable id for the person (Google/Apple `sub`, or `dev:<email>` locally). */
  subject: string;
  /** Display name when the provider gave one; Apple gives it only on the first authorization. */
  username: string;
  email: string;
}

export interface UserProfile {
  id: string;
  username: string;
  email: string;
  phone: string | null;
  createdAt: string;
  /** The shop the shopper chose (services/shop/shop-choice.ts). */
  locationId: string | null;
}

/**
 * The user behind a provider account, creating the user and its profile on first sign-in.
 * Users are found by provider + subject only: the same e-mail at another provider is
 * another account, so nobody can take over a profile by owning an address elsewhere.
 * An existing profile is never overwritten by what the provider says now.
 */
export async function findOrCreateUser(db: Database, identity: ProviderIdentity): Promise<string> {
  const existing = await findUserIdByProviderAccount(db, identity);
  if (existing) return existing;

  const userId = crypto.randomUUID();
  await db.batch([
    db.insert(users).values({
      id: userId,
      username: identity.username.trim(),
      email: identity.email.trim(),
      phone: null,
      createdAt: new Date().toISOString(),
    }),
    db
      .insert(providerAccounts)
      .values({ provider: identity.provider, subject: identity.subject, userId })
      .onConflictDoNothing(),
  ]);

  // Two first sign-ins at once: the account row that won decides the user; the loser's is dropped.
  const winner = await findUserIdByProviderAccount(db, identity);
  if (winner !== userId) await db.delete(users).where(eq(users.id, userId));
  if (!winner) throw new Error(`Provider account ${identity.provider} was not stored`);
  return winner;
}

async function findUserIdByProviderAccount(
  db: Database,
  identity: Pick<ProviderIdentity, "provider" | "subject">,
): Promise<string | undefined> {
  const account = await db.query.providerAccounts.findFirst({
    where: and(eq(providerAccounts.provider, identity.provider), eq(providerAccounts.subject, identity.subject)),
    columns: { userId: true },
  });
  return account?.userId;
}

export async function findUser(db: Database, userId: string): Promise<UserProfile | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, userId) });
}

/**
 * The one write of a user's phone: from their profile (updateUserPhone), and in the batch that
 * places an order, so the next checkout is pre-filled with it (worker/services/orders/placing.ts).
 */
export function userPhoneStatement(db: Database, userId: string, phone: string) {
  return db.update(users).set({ phone }).where(eq(users.id, userId));
}

export async function updateUserPhone(db: Database, userId: string, phone: string): Promise<UserProfile | undefined> {
  const [updated] = await userPhoneStatement(db, userId, phone).returning();
  return updated;
}

export const GUEST: SessionUser = {
  uid: "",
  username: "",
  email: "",
  phone: "",
  isAuthenticated: false,
  staff: null,
  shopId: null,
};

export function toSessionUser(user: UserProfile, staff: StaffMembership | null = null): SessionUser {
  return {
    uid: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone ?? "",
    isAuthenticated: true,
    staff,
    shopId: user.locationId,
  };
}
