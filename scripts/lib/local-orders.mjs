// Places an order on a local server as a person signed in through the stand-in, as the checkout
// does: JSON from this origin, the session cookie, a fresh idempotency key.

/**
 * @param {string} origin e.g. http://localhost:5173
 * @param {{ cookie: string, body: object, clientAddress?: string }} order
 * @returns {Promise<Response>} the server's answer to POST /api/orders
 */
export function postLocalOrder(origin, { cookie, body, clientAddress }) {
  return fetch(`${origin}/api/orders`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: origin,
      Cookie: cookie,
      "Idempotency-Key": crypto.randomUUID(),
      ...(clientAddress ? { "CF-Connecting-IP": clientAddress } : {}),
    },
    body: JSON.stringify(body),
  });
}
