import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { lazyPage } from "#web/app/lazy-page";

// A page whose code is already here renders in the same pass: the page a visit lands on is
// hydrated in one go, with no loading state in between (web/app/landing-take-over.ts relies on it).

function DrinkPage() {
  return <h1>Sunrise Orange</h1>;
}

function renderInSuspense(Page: ReturnType<typeof lazyPage>) {
  render(
    <Suspense fallback={<p>Loading the page…</p>}>
      <Page />
    </Suspense>,
  );
}

describe("lazyPage", () => {
  it("renders a page whose code was preloaded at once, without a loading state", async () => {
    const Page = lazyPage("drink-page", async () => ({ default: DrinkPage }));
    await Page.preload();
    renderInSuspense(Page);
    expect(screen.getByRole("heading", { name: "Sunrise Orange" })).toBeInTheDocument();
    expect(screen.queryByText("Loading the page…")).not.toBeInTheDocument();
  });

  it("shows the loading state while a page's code is still on its way, then the page", async () => {
    const Page = lazyPage("drink-page", async () => ({ default: DrinkPage }));
    renderInSuspense(Page);
    expect(screen.getByText("Loading the page…")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Sunrise Orange" })).toBeInTheDocument();
  });

  it("asks for the code once whether it was preloaded or first rendered", async () => {
    let imports = 0;
    const Page = lazyPage("drink-page", async () => {
      imports += 1;
      return { default: DrinkPage };
    });
    await Page.preload();
    renderInSuspense(Page);
    expect(screen.getByRole("heading", { name: "Sunrise Orange" })).toBeInTheDocument();
    // A module import is cached by the browser; the point is that rendering does not wait for a second one.
    expect(imports).toBe(1);
  });
});
