/**
 * Guest POSTs with a body that the worker refuses before reading it: every kind of early refusal
 * (401, 403, 404, 405, 415), with small and large bodies. A local server (`vite dev`, or
 * `vite preview` of the build) must answer each with its 4xx, never with its 500 error page.
 */

const KIB = 1024;
const json = (bytes) => JSON.stringify({ padding: "x".repeat(bytes) });

/** What each refusal is, the request that gets it, and the status the worker answers. */
export const REFUSALS = [
  {
    name: "a guest on the staff's API",
    status: 401,
    path: "/api/staff/availability/pause",
    headers: { "Content-Type": "application/json" },
  },
  {
    name: "a cross-site post",
    status: 403,
    path: "/api/contact",
    headers: { "Content-Type": "application/json", Origin: "https://elsewhere.example" },
  },
  {
    name: "an API address that does not exist",
    status: 404,
    path: "/api/no-such-thing",
    headers: { "Content-Type": "application/json" },
  },
  { name: "a post to a page", status: 405, path: "/menu", headers: { "Content-Type": "application/json" } },
  { name: "a form that is not JSON", status: 415, path: "/api/contact", headers: { "Content-Type": "text/plain" } },
];

/** Body sizes: one that fits one packet, and ones a server receives in many. */
const BODY_BYTES = [64, 16 * KIB, 256 * KIB];

/** The probe's loop: `rounds` × every refusal × every body size (180 requests by default), `concurrency` at a time. */
export async function sendRefusedPosts(origin, { total = 180, concurrency = 6 } = {}) {
  const requests = Array.from({ length: total }, (_, index) => ({
    refusal: REFUSALS[index % REFUSALS.length],
    bytes: BODY_BYTES[Math.floor(index / REFUSALS.length) % BODY_BYTES.length],
  }));
  const results = [];
  let next = 0;
  async function worker() {
    while (next < requests.length) {
      const { refusal, bytes } = requests[next++];
      const label = `POST ${refusal.path} (${refusal.name}, ${bytes} B body)`;
      try {
        const response = await fetch(`${origin}${refusal.path}`, {
          method: "POST",
          headers: refusal.headers,
          body: json(bytes),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        results.push({ label, expected: refusal.status, status: response.status, text });
      } catch (error) {
        results.push({ label, expected: refusal.status, status: 0, text: String(error?.cause ?? error) });
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wrong = results.filter((result) => result.status !== result.expected);
  return { total: results.length, right: results.length - wrong.length, wrong };
}
