// Signs a test person in over HTTP through the worker's local sign-in stand-in — the same
// start → stand-in consent → session path the browser takes (redirect mode, no popup) —
// and returns the session cookie as "name=value" for a Cookie header.
// Only works against a local server with APP_ENV=development and no provider credentials.

/** The cookies a response sets, as { name: value }. */
function setCookies(response) {
  const cookies = {};
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const at = pair.indexOf("=");
    if (at > 0) cookies[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return cookies;
}

/**
 * @param {string} origin e.g. http://127.0.0.1:5210
 * @param {{ provider: "google" | "apple", name: string, email: string, clientAddress?: string }} person
 * @returns {Promise<string>} the session cookie, "squeeze_session=…"
 */
export async function signInLocally(origin, { provider, name, email, clientAddress = "127.0.0.1" }) {
  const client = { "CF-Connecting-IP": clientAddress };
  const start = await fetch(`${origin}/api/auth/${provider}/start?mode=redirect&returnTo=%2F`, {
    redirect: "manual",
    headers: client,
  });
  const consentUrl = start.headers.get("location");
  if (start.status !== 302 || !consentUrl?.includes("/dev-consent")) {
    throw new Error(
      `sign-in start answered ${start.status} (${consentUrl ?? (await start.text()).slice(0, 200)}); is the local stand-in on?`,
    );
  }
  const attemptCookies = setCookies(start);
  const state = new URL(consentUrl, origin).searchParams.get("state") ?? "";
  const consent = await fetch(new URL(`/api/auth/${provider}/dev-consent`, origin), {
    method: "POST",
    redirect: "manual",
    headers: {
      ...client,
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: Object.entries(attemptCookies)
        .map(([key, value]) => `${key}=${value}`)
        .join("; "),
    },
    body: new URLSearchParams({ state, name, email }),
  });
  const session = Object.entries(setCookies(consent)).find(([key, value]) => key.endsWith("squeeze_session") && value);
  if (!session) {
    throw new Error(
      `the stand-in consent answered ${consent.status} without a session cookie: ${(await consent.text()).slice(0, 200)}`,
    );
  }
  return `${session[0]}=${session[1]}`;
}
