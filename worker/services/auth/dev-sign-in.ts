import { z } from "zod";
import { PROVIDER_LABELS, type AuthProvider } from "#common/auth-providers";
import { escapeHtml } from "#worker/emails/html";
import { AUTH_STYLESHEET_PATH } from "./completion";
import type { ProviderIdentity } from "./users";

/**
 * The test people offered on the local stand-in consent page: three shoppers, and the barista, the
 * manager and the owner whom the development seed (seed/dev/staff.sql) puts on the shops' lists.
 */
export const DEV_TEST_PEOPLE = [
  { name: "Ada Lovelace", email: "ada.lovelace@example.com" },
  { name: "Grace Hopper", email: "grace.hopper@example.com" },
  { name: "Alan Turing", email: "alan.turing@example.com" },
  { name: "Sam Barista", email: "barista@example.com" },
  { name: "Morgan Manager", email: "manager@example.com" },
  { name: "Olive Owner", email: "owner@example.com" },
] as const;

/** What the stand-in consent form posts: who to sign in as, or a cancel (the failure path). */
export const devConsentFormSchema = z.union([
  z.object({ state: z.string().min(1).max(200), cancel: z.literal("1") }),
  z.object({
    state: z.string().min(1).max(200),
    name: z.string().trim().min(1).max(80),
    email: z.email().max(320),
  }),
]);

/**
 * The stand-in's provider account: the real provider's name with a `dev:` subject no real
 * provider issues, so a local test person can never collide with a real account.
 */
export function devIdentity(provider: AuthProvider, name: string, email: string): ProviderIdentity {
  const normalizedEmail = email.trim().toLowerCase();
  return { provider, subject: `dev:${normalizedEmail}`, username: name.trim(), email: normalizedEmail };
}

/** A small page that stands in for Google's or Apple's consent screen on a developer's machine. */
export function devConsentPage(provider: AuthProvider, state: string): string {
  const label = PROVIDER_LABELS[provider];
  const action = `/api/auth/${provider}/dev-consent`;
  const hiddenState = `<input type="hidden" name="state" value="${escapeHtml(state)}">`;
  const people = DEV_TEST_PEOPLE.map(
    (person) => `<form method="post" action="${action}">
${hiddenState}
<input type="hidden" name="name" value="${escapeHtml(person.name)}">
<input type="hidden" name="email" value="${escapeHtml(person.email)}">
<button type="submit">Continue as ${escapeHtml(person.name)}<span class="person-email">${escapeHtml(person.email)}</span></button>
</form>`,
  ).join("\n");

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${label} (local stand-in) · Squeeze</title>
<link rel="stylesheet" href="${AUTH_STYLESHEET_PATH}">
</head>
<body>
<main class="auth-card">
<h1>Sign in with ${label}</h1>
<p class="notice">Local development stand-in: no ${label} credentials are configured, so this page plays ${label}'s part. It never exists on a deployed site.</p>
<div class="people">
${people}
</div>
<form method="post" action="${action}">
${hiddenState}
<fieldset>
<legend>Someone else</legend>
<label for="dev-name">Name</label>
<input id="dev-name" name="name" autocomplete="name" required maxlength="80">
<label for="dev-email">E-mail</label>
<input id="dev-email" name="email" type="email" autocomplete="email" required maxlength="320">
<button type="submit" class="primary">Continue</button>
</fieldset>
</form>
<form method="post" action="${action}">
${hiddenState}
<input type="hidden" name="cancel" value="1">
<button type="submit" class="secondary">Cancel</button>
</form>
</main>
</body>
</html>`;
}
