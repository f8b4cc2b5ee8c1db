/** The receiving end of Web Push (see web-push-receiver.mjs). */
export interface PushDevice {
  privateKey: CryptoKey;
  publicKey: Uint8Array;
  auth: Uint8Array;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}
export function toBase64Url(bytes: Uint8Array): string;
export function fromBase64Url(text: string): Uint8Array;
export function createDevice(endpoint: string): Promise<PushDevice>;
export function decryptPush(
  device: Pick<PushDevice, "privateKey" | "publicKey" | "auth">,
  body: Uint8Array,
): Promise<string>;
export function verifyVapid(
  header: string | null,
  expected: { audience: string | string[]; publicKey: string },
): Promise<{ aud: string; sub: string; exp: number }>;
export function createVapidKeys(): Promise<{ publicKey: string; privateKey: string }>;
