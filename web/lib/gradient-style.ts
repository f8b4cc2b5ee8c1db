import type { CSSProperties } from "react";
import type { Product } from "#common/catalog";

/** The drink's own two colours, handed to the CSS that tints its card and its page. */
export function gradientStyle(gradient: Product["gradient"]): CSSProperties {
  const [from, to] = gradient;
  return { "--tint-from": from, "--tint-to": to } as CSSProperties;
}
