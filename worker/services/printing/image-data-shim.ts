/**
 * The encoder's build for workers reads the browser's `ImageData` as it loads, and workerd has
 * none. Tickets carry no pictures, so an empty stand-in is enough; imported before the encoder.
 */
const scope = globalThis as Record<string, unknown>;
scope.ImageData ??= class ImageData {};
