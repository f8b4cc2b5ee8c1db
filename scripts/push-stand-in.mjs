#!/usr/bin/env node
// A local stand-in for a browser's push service and the device behind it, to try the shop's
// notifications on `npm run dev` without a phone: it makes a device's keys, signs a test person
// in through the local sign-in stand-in, subscribes that device to the shop with an endpoint on
// this machine (only `npm run dev` accepts one), and prints every push it receives, decrypted
// with the device's private key after checking the shop's VAPID signature.
//
//   node scripts/push-stand-in.mjs [--url http://localhost:5173] [--port 5420] [--order] [--tap]
//
//   --order  places an order as that person (then tap Start and Ready on the board as Sam Barista)
//   --tap    also signs Sam Barista in and taps Start, then Ready, timing the push from the tap
//   --once   stops after the first push (exit code 0), or after 10 s without one (exit code 1)
//
// The push is signed for the endpoint's https twin (push services are https; the sending library
// refuses anything else), so the audience it checks is https://127.0.0.1:<port>.
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { postLocalOrder } from "./lib/local-orders.mjs";
import { signInLocally } from "./lib/local-sign-in.mjs";
import { createDevice, decryptPush, verifyVapid } from "./lib/web-push-receiver.mjs";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://localhost:5173" },
    port: { type: "string", default: "5420" },
    order: { type: "boolean", default: false },
    tap: { type: "boolean", default: false },
    once: { type: "boolean", default: false },
  },
});
const origin = new URL(values.url).origin;
const port = Number(values.port);
const endpoint = `http://127.0.0.1:${port}/push/${crypto.randomUUID()}`;
const device = await createDevice(endpoint);

async function call(path, { cookie, method = "GET", body } = {}) {
  const response = await fetch(new URL(path, origin), {
    method,
    headers: {
      Origin: origin,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

let tappedAt = 0;
let received = 0;
const { publicKey } = await call("/api/push-subscriptions/key");
const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", async () => {
    const arrivedAt = Date.now();
    try {
      if (request.method !== "POST" || request.url !== new URL(endpoint).pathname)
        throw new Error(`unexpected ${request.method} ${request.url}`);
      const claims = await verifyVapid(request.headers.authorization ?? null, {
        audience: [`https://127.0.0.1:${port}`, `http://127.0.0.1:${port}`],
        publicKey,
      });
      const text = await decryptPush(device, new Uint8Array(Buffer.concat(chunks)));
      received += 1;
      console.log(`\nPush ${received} (TTL ${request.headers.ttl} s, VAPID subject ${claims.sub}, signature checked):`);
      console.log(JSON.stringify(JSON.parse(text), null, 2));
      if (tappedAt) console.log(`Arrived ${arrivedAt - tappedAt} ms after the barista's tap.`);
      response.writeHead(201).end();
      if (values.once) server.close(() => process.exit(0));
    } catch (error) {
      console.error(`Refused a push: ${error.message}`);
      response.writeHead(400).end();
    }
  });
});
await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));

const name = "Pat Push";
const cookie = await signInLocally(origin, { provider: "google", name, email: "pat.push@example.com" });
await call("/api/push-subscriptions", { cookie, method: "POST", body: device.subscription });
console.log(`Listening on ${endpoint}\nSubscribed as ${name} (pat.push@example.com) on ${origin}.`);

if (values.order || values.tap) {
  const response = await postLocalOrder(origin, {
    cookie,
    body: {
      lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 1, note: "" }],
      phone: "+1 714 555 0100",
    },
  });
  const placed = await response.json();
  if (!response.ok) throw new Error(`the order was refused (${response.status}): ${JSON.stringify(placed)}`);
  console.log(`Placed order ${placed.order.id}.`);
  if (values.tap) {
    const barista = await signInLocally(origin, {
      provider: "google",
      name: "Sam Barista",
      email: "barista@example.com",
    });
    const status = (to) =>
      call(`/api/staff/orders/${placed.order.id}/status`, { cookie: barista, method: "POST", body: { status: to } });
    await status("preparing");
    tappedAt = Date.now();
    await status("ready");
    console.log("Sam Barista tapped Ready.");
  } else {
    console.log("Open /staff as Sam Barista and tap Start, then Ready.");
  }
}
console.log(values.once ? "Waiting for one push." : "Waiting for pushes (Ctrl-C to stop).");
if (values.once)
  setTimeout(() => {
    console.error("No push arrived within 10 s.");
    process.exit(1);
  }, 10_000).unref();
