import { act, screen, waitFor } from "@testing-library/react";
import { useEffect, useState } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EARLY_TAPS_GLOBAL, EARLY_TAPS_SCRIPT } from "#common/early-taps";
import { HYDRATE_ATTRIBUTE } from "#common/landing";
import { LandingTakeOver } from "#web/app/landing-take-over";
import { RouteErrorBoundary } from "#web/app/route-error-page";

// A landing page arrives as the app's HTML with the early-tap script in its head. What the
// shopper does before the app has run must reach the app once it has hydrated the page.

function DrinkForm() {
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState("");
  return (
    <div>
      <button type="button" onClick={() => setQuantity(quantity + 1)}>
        More
      </button>
      <output aria-label="Quantity">{quantity}</output>
      <label>
        Note
        <textarea value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      <p>Note for the bar: {note || "none"}</p>
      <a href="/menu">Menu</a>
    </div>
  );
}

const page = () => (
  <>
    <DrinkForm />
    <LandingTakeOver />
  </>
);

let root: Root | undefined;
let container: HTMLElement;

/** The page as it arrives: the early-tap script has run, #root holds the app's HTML. */
function arrive() {
  // The same text the worker sends inline (indirect eval: the script's own global scope).
  (0, eval)(EARLY_TAPS_SCRIPT);
  container = document.createElement("div");
  container.id = "root";
  container.setAttribute(HYDRATE_ATTRIBUTE, "");
  container.innerHTML = renderToString(page());
  document.body.append(container);
}

async function hydrate() {
  await act(async () => {
    root = hydrateRoot(container, page());
  });
}

afterEach(() => {
  vi.useRealTimers();
  // Each test's script stops holding taps, so that none outlives its test.
  (window as unknown as Record<string, (() => void) | undefined>)[EARLY_TAPS_GLOBAL]?.();
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  delete (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL];
});

describe("the app taking over a landing page", () => {
  it("plays each button tapped before the app ran, in order, each seeing the last one's result", async () => {
    arrive();
    screen.getByRole("button", { name: "More" }).click();
    screen.getByRole("button", { name: "More" }).click();
    expect(screen.getByLabelText("Quantity")).toHaveTextContent("1");

    await hydrate();
    // The kept taps are played one task apart: the last one's result, whatever the machine's pace.
    await waitFor(() => expect(screen.getByLabelText("Quantity")).toHaveTextContent("3"));
    expect(container.hasAttribute(HYDRATE_ATTRIBUTE)).toBe(false);
  });

  it("plays a tap on a button the app had to draw anew on the same one in its new drawing", async () => {
    arrive();
    screen.getByRole("button", { name: "More" }).click();
    // The app could not adopt the page as it was and drew it again: every element is new.
    container.innerHTML = "";
    await act(async () => {
      root = createRoot(container);
      root.render(page());
    });
    await waitFor(() => expect(screen.getByLabelText("Quantity")).toHaveTextContent("2"));
  });

  it("waits for a button the app draws a moment after taking over, then plays the tap on it", async () => {
    arrive();
    screen.getByRole("button", { name: "More" }).click();
    // The app takes over with the part still loading (no button yet), then draws it.
    container.innerHTML = "";
    function Later() {
      const [ready, setReady] = useState(false);
      useEffect(() => {
        const timer = setTimeout(() => setReady(true), 150);
        return () => clearTimeout(timer);
      }, []);
      return ready ? <DrinkForm /> : <p>Loading…</p>;
    }
    vi.useFakeTimers();
    await act(async () => {
      root = createRoot(container);
      root.render(
        <>
          <Later />
          <LandingTakeOver />
        </>,
      );
    });
    // Taken over, the part still loading: the tap waits, looked for again every 100 ms.
    await act(async () => vi.advanceTimersByTime(120));
    expect(screen.queryByLabelText("Quantity")).not.toBeInTheDocument();
    // The form is drawn at 150 ms; the tap is played on it at the next look, at 200 ms.
    await act(async () => vi.advanceTimersByTime(50));
    expect(screen.getByLabelText("Quantity")).toHaveTextContent("1");
    await act(async () => vi.advanceTimersByTime(50));
    expect(screen.getByLabelText("Quantity")).toHaveTextContent("2");
  });

  it("drops a tap whose button is nowhere in the new drawing, and plays the others", async () => {
    arrive();
    container.insertAdjacentHTML("afterbegin", '<button type="button">Gone soon</button>');
    screen.getByRole("button", { name: "Gone soon" }).click();
    screen.getByRole("button", { name: "More" }).click();
    container.innerHTML = "";
    vi.useFakeTimers();
    await act(async () => {
      root = createRoot(container);
      root.render(page());
    });
    // The gone button is looked for up to 3 s before its tap is dropped; the next tap waits its turn.
    await act(async () => vi.advanceTimersByTime(3_500));
    vi.useRealTimers();
    expect(screen.queryByRole("button", { name: "Gone soon" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Quantity")).toHaveTextContent("2");
  });

  it("tells the app the text typed before it ran, so it is what the shopper sees and what is sent", async () => {
    arrive();
    const field = screen.getByLabelText("Note") as HTMLTextAreaElement;
    field.value = "less ice";

    await hydrate();
    expect(screen.getByText("Note for the bar: less ice")).toBeInTheDocument();
    expect(field.value).toBe("less ice");
  });

  it("lets a tap through once the app has taken over, and never plays it twice", async () => {
    arrive();
    await hydrate();
    screen.getByRole("button", { name: "More" }).click();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByLabelText("Quantity")).toHaveTextContent("2");
  });

  it("keeps no tap on a link: a link navigates by itself", () => {
    arrive();
    const menu = screen.getByRole("link", { name: "Menu" });
    let navigated = false;
    menu.addEventListener("click", (event) => {
      navigated = !event.defaultPrevented;
      event.preventDefault(); // jsdom cannot navigate; the click was let through
    });
    menu.click();
    expect(navigated).toBe(true);
  });

  it("lets the error page's buttons answer when the landing page fails instead of taking over", async () => {
    (0, eval)(EARLY_TAPS_SCRIPT);
    container = document.createElement("div");
    container.id = "root";
    container.setAttribute(HYDRATE_ATTRIBUTE, "");
    document.body.append(container);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let tries = 0;
    function BrokenPage(): never {
      throw new Error("The drink could not be drawn");
    }
    function TryAgain() {
      return (
        <button type="button" onClick={() => (tries += 1)}>
          Try again
        </button>
      );
    }
    root = createRoot(container);
    await act(async () => {
      root!.render(
        <RouteErrorBoundary fallback={TryAgain} resetKey="landing">
          <BrokenPage />
          <LandingTakeOver />
        </RouteErrorBoundary>,
      );
    });
    screen.getByRole("button", { name: "Try again" }).click();
    expect(tries).toBe(1);
    expect(container.hasAttribute(HYDRATE_ATTRIBUTE)).toBe(false);
    vi.restoreAllMocks();
  });
});
