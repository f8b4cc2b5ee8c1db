import type { LandingAssets, LandingKind } from "./assets";

/** What a landing page's <head> asks the browser to fetch at once. */
export type Hint =
  | { kind: "script"; href: string }
  | { kind: "stylesheet"; href: string }
  | { kind: "data"; href: string }
  | { kind: "image"; href: string };

const attribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function linkTag(hint: Hint): string {
  const href = attribute(hint.href);
  switch (hint.kind) {
    case "script":
      return `<link rel="modulepreload" href="${href}">`;
    case "stylesheet":
      // `crossorigin` like the app's own stylesheet links, so the app finds this one and adds no other.
      return `<link rel="stylesheet" href="${href}" crossorigin>`;
    case "data":
      // `crossorigin` makes the preload's credentials mode match fetch()'s same-origin default.
      return `<link rel="preload" as="fetch" href="${href}" crossorigin>`;
    case "image":
      return `<link rel="preload" as="image" href="${href}" fetchpriority="high">`;
  }
}

/**
 * The <link> tags for a page of `kind`: its code from the build's list (its scripts unless
 * `scripts` is false: a page the app hydrates loads them after its first paint), then what its
 * content needs.
 */
export function hintTags(
  code: LandingAssets,
  kind: LandingKind,
  contentHints: readonly Hint[],
  { scripts = true }: { scripts?: boolean } = {},
): string {
  const hints: Hint[] = [
    // The page's styles as stylesheets, in the first paint: a prerendered page needs them
    // then, and for the others, styles the app added later would each restyle the whole
    // page in one long task, just as the phone is busiest.
    ...(code[kind]?.styles ?? []).map((href): Hint => ({ kind: "stylesheet", href })),
    ...(scripts ? (code[kind]?.scripts ?? []) : []).map((href): Hint => ({ kind: "script", href })),
    ...contentHints,
  ];
  return hints.map(linkTag).join("");
}
