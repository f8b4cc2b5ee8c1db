// The receiving end of Web Push, written from RFC 8291 (aes128gcm message encryption) and RFC 8292
// (VAPID) with WebCrypto only, so the same code runs in workerd (the worker tests' stand-in push
// service) and in Node (scripts/push-stand-in.mjs). It is a device: it makes the key pair and
// authentication secret a browser would subscribe with, decrypts what it is sent with its private
// key, and checks the sender's VAPID signature with the sender's public key. It shares no code with
// the sending library, so a test through it proves the sender speaks the standard.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** @param {Uint8Array} bytes */
export function toBase64Url(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text */
export function fromBase64Url(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** @param {Uint8Array[]} parts */
function concat(...parts) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A device's keys, as `PushManager.subscribe()` would make them.
 * @param {string} endpoint where its push service receives messages for it
 */
export async function createDevice(endpoint) {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return {
    privateKey: pair.privateKey,
    publicKey,
    auth,
    /** The PushSubscription JSON a browser would post. */
    subscription: { endpoint, expirationTime: null, keys: { p256dh: toBase64Url(publicKey), auth: toBase64Url(auth) } },
  };
}

/**
 * @param {Uint8Array} ikm @param {Uint8Array} salt @param {Uint8Array} info @param {number} length
 */
async function hkdf(ikm, salt, info, length) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, length * 8));
}

/**
 * Decrypts an `aes128gcm` push message (RFC 8188 framing, RFC 8291 keys) with the device's keys.
 * @param {{ privateKey: CryptoKey, publicKey: Uint8Array, auth: Uint8Array }} device
 * @param {Uint8Array} body
 * @returns {Promise<string>}
 */
export async function decryptPush(device, body) {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const keyIdLength = body[20];
  const senderKey = body.slice(21, 21 + keyIdLength);
  const ciphertext = body.slice(21 + keyIdLength);
  if (keyIdLength !== 65 || senderKey[0] !== 4)
    throw new Error(`the key id is not a P-256 public key (${keyIdLength} bytes)`);
  if (ciphertext.length > recordSize) throw new Error("more than one record: a push is a single record");

  const sender = await crypto.subtle.importKey("raw", senderKey, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: sender }, device.privateKey, 256),
  );
  const keyInfo = concat(encoder.encode("WebPush: info\0"), device.publicKey, senderKey);
  const ikm = await hkdf(shared, device.auth, keyInfo, 32);
  const cek = await hkdf(ikm, salt, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(ikm, salt, encoder.encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter after the plaintext");
  return decoder.decode(padded.slice(0, end));
}

/**
 * Checks a push request's `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): the key is
 * the one expected, the ES256 signature verifies with it, the audience is the push service's
 * origin and the token has not expired (nor lives beyond 24 hours).
 * @param {string | null} header
 * @param {{ audience: string | string[], publicKey: string }} expected
 * @returns {Promise<{ aud: string, sub: string, exp: number }>} the token's claims
 */
export async function verifyVapid(header, expected) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, token, key] = /** @type {[string, string, string]} */ (match);
  if (key !== expected.publicKey) throw new Error("signed with another key than the shop's");
  const [head, claims, signature] = token.split(".");
  const header64 = JSON.parse(decoder.decode(fromBase64Url(head)));
  if (header64.alg !== "ES256") throw new Error(`alg ${header64.alg}, not ES256`);
  const publicKey = await crypto.subtle.importKey(
    "raw",
    fromBase64Url(key),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    publicKey,
    fromBase64Url(signature),
    encoder.encode(`${head}.${claims}`),
  );
  if (!valid) throw new Error("the VAPID signature does not verify");
  const payload = JSON.parse(decoder.decode(fromBase64Url(claims)));
  const audiences = Array.isArray(expected.audience) ? expected.audience : [expected.audience];
  if (!audiences.includes(payload.aud)) throw new Error(`audience ${payload.aud}, expected ${audiences.join(" or ")}`);
  const now = Date.now() / 1000;
  if (!(payload.exp > now && payload.exp <= now + 24 * 60 * 60)) throw new Error(`expiry ${payload.exp} out of range`);
  return payload;
}

/** A VAPID key pair as the worker's secrets hold it: base64url of the raw public key and of the private scalar. */
export async function createVapidKeys() {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { publicKey: toBase64Url(publicKey), privateKey: /** @type {string} */ (jwk.d) };
}
