import type { Page } from "@playwright/test";

export interface LayoutShift {
  value: number;
  moved: string[];
}

/**
 * Records, from the page's first paint, every layout shift that moves something outside the
 * header. (The header's shop button appears once the shops are listed and shifts the header's
 * own buttons on every page, chosen shop or not: that is counted apart from what a page moves.)
 * Call before `page.goto`; read with `layoutShifts`.
 */
export async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; sources: { node?: Node | null }[] }[]) {
        const outsideHeader = entry.sources.some(
          (source) => !(source.node instanceof Element && source.node.closest(".site-header")),
        );
        const moved = entry.sources.map((source) =>
          source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : String(source.node),
        );
        if (outsideHeader) shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { shifts: LayoutShift[] }).shifts);
}

/** Their sum, as Lighthouse's layout-shift score adds them. */
export const layoutShiftScore = (shifts: LayoutShift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);
