import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FranchiseSettings } from "#common/catalog";
import { useSessionStore } from "#web/lib/session-store";
import PartnershipPage from "#web/features/partnership/partnership-page";
import { json, mockApi, renderRoutes, resetStores, signInAs, signedInUser } from "./storefront-helpers";

const franchise: FranchiseSettings = {
  id: "franchise",
  royaltyFees: [3, 4.5, 6],
  adFees: [1, 1.5, 2],
  netWorth: ["Under $250,000", "$250,000 - $500,000", "Over $500,000"],
  liquidCapitals: ["Under $100,000", "$100,000 - $250,000", "Over $250,000"],
};

function settingsApi(overrides = {}) {
  return mockApi({
    "GET /api/settings": () => json([franchise, { ...franchise, id: "other", royaltyFees: [9, 9, 9] }]),
    ...overrides,
  });
}

function renderPartnership() {
  return renderRoutes([{ path: "/partnership", element: <PartnershipPage /> }], "/partnership");
}

const group = (name: string) => within(screen.getByRole("group", { name }));
const field = (label: RegExp) => screen.getByLabelText(label);
const submit = () => screen.getByRole("button", { name: "Send application" });

beforeEach(() => resetStores());
afterEach(() => vi.restoreAllMocks());

describe("Partnership page: the fee table", () => {
  it("shows Year 1 to 3 with the royalty and ad fee of the first settings record", async () => {
    settingsApi();
    renderPartnership();
    const table = await screen.findByRole("table", { name: /reduced royalty and ad fees/i });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["3%", "1%"],
      ["4.5%", "1.5%"],
      ["6%", "2%"],
    ]);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(["Year 1", "Year 2", "Year 3"]);
  });

  it("says it is loading while the settings load, never showing undefined%", async () => {
    let answer!: (response: Response) => void;
    settingsApi({ "GET /api/settings": () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderPartnership();
    expect(screen.getByText("Loading the franchise fees…")).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/undefined|NaN/);
    expect(field(/^net worth/i)).toBeDisabled();
    expect(within(field(/^net worth/i)).getByRole("option")).toHaveTextContent("Loading options…");
    answer(json([franchise]));
    expect(await screen.findByRole("table")).toBeInTheDocument();
    expect(field(/^net worth/i)).toBeEnabled();
  });

  it("explains a failed load, offers to try again, and still lets the visitor apply", async () => {
    let fail = true;
    settingsApi({
      "GET /api/settings": () =>
        fail ? json({ error: { code: "internal_error", message: "Something went wrong." } }, 500) : json([franchise]),
    });
    const user = userEvent.setup();
    renderPartnership();
    expect(await screen.findByText(/could not load the fees/i)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/undefined|NaN/);
    expect(submit()).toBeEnabled();

    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeInTheDocument();
  });

  it("handles a shop with no settings record yet", async () => {
    settingsApi({ "GET /api/settings": () => json([]) });
    renderPartnership();
    expect(await screen.findByText(/fees for new partners are being updated/i)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/undefined|NaN/);
  });
});

describe("Partnership page: the application form", () => {
  it("has every field, business experience defaulting to Yes, and about 250 ISO countries", async () => {
    settingsApi();
    renderPartnership();
    for (const label of [
      /^first legal name/i,
      /^last legal name/i,
      /^email/i,
      /^current phone/i,
      /^interest phone/i,
      /^bio/i,
    ]) {
      expect(field(label)).toBeInTheDocument();
    }
    for (const name of ["Current address", "Location of interest"]) {
      expect(group(name).getByLabelText(/^city/i)).toBeInTheDocument();
      const countries = within(group(name).getByLabelText(/^country/i))
        .getAllByRole("option")
        .slice(1);
      expect(countries.length).toBeGreaterThanOrEqual(195);
      expect(countries.every((option) => /^[A-Z]{2}$/.test((option as HTMLOptionElement).value))).toBe(true);
      expect(countries.find((option) => (option as HTMLOptionElement).value === "US")).toHaveTextContent(
        "United States of America",
      );
    }
    expect(screen.getByRole("radio", { name: "Yes" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "No" })).not.toBeChecked();
    await waitFor(() =>
      expect(
        within(field(/^net worth/i))
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["Select a range", ...franchise.netWorth]),
    );
    expect(
      within(field(/^liquid capital/i))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Select a range", ...franchise.liquidCapitals]);
  });

  it("requires a first name and a valid e-mail, and nothing else", async () => {
    const { calls } = settingsApi();
    const user = userEvent.setup();
    renderPartnership();
    await user.click(submit());

    for (const [label, message] of [
      [/^first legal name/i, "First name is required"],
      [/^email/i, "Email is required"],
    ] as const) {
      const control = field(label);
      expect(control).toHaveAttribute("aria-invalid", "true");
      expect(document.getElementById(control.getAttribute("aria-describedby")!.split(" ").pop()!)).toHaveTextContent(
        message,
      );
    }
    expect(screen.getAllByText(/is required|invalid/i)).toHaveLength(2);

    await user.type(field(/^email/i), "jordan@");
    expect(await screen.findByText("Invalid email format")).toBeInTheDocument();
    await user.type(field(/^first legal name/i), "J");
    expect(screen.queryByText("First name is required")).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
  });

  it("sends the spec's payload (joined name, 'city, country'), with a spinner, then toasts success", async () => {
    let answer!: (response: Response) => void;
    const { calls } = settingsApi({
      "POST /api/partnership": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderPartnership();
    await screen.findByRole("table");

    await user.type(field(/^first legal name/i), "Jordan");
    await user.type(field(/^last legal name/i), "Reyes");
    await user.type(field(/^email/i), "jordan@example.com");
    await user.type(field(/^current phone/i), "+1 562 555 0142");
    await user.type(field(/^interest phone/i), "+1 949 555 0199");
    await user.type(group("Current address").getByLabelText(/^city/i), "Long Beach");
    await user.selectOptions(group("Current address").getByLabelText(/^country/i), "US");
    await user.type(group("Location of interest").getByLabelText(/^city/i), "Toronto");
    await user.selectOptions(group("Location of interest").getByLabelText(/^country/i), "Canada");
    await user.selectOptions(field(/^net worth/i), "$250,000 - $500,000");
    await user.selectOptions(field(/^liquid capital/i), "Over $250,000");
    await user.click(screen.getByRole("radio", { name: "No" }));
    await user.type(field(/^bio/i), "Ran two coffee carts.");
    await user.click(submit());

    expect(await screen.findByText("Sending your application…")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      name: "Jordan Reyes",
      email: "jordan@example.com",
      currentPhone: "+1 562 555 0142",
      interestPhone: "+1 949 555 0199",
      currentAddress: "Long Beach, United States of America",
      locationOfInterest: "Toronto, Canada",
      netWorth: "$250,000 - $500,000",
      liquidCapital: "Over $250,000",
      hasBusinessExperience: "No",
      bio: "Ran two coffee carts.",
    });

    answer(json({ id: "sub-9" }, 201));
    expect(await screen.findByText("Partner request sent successfully")).toBeInTheDocument();
    expect(screen.queryByText("Sending your application…")).not.toBeInTheDocument();
    // The form gives way to a confirmation, with the focus on it; the toast stays.
    const sent = screen.getByRole("region", { name: "Application received" });
    expect(sent).toHaveTextContent(/Thank you, \w+\. Our franchise team .* will write to \S+@\S+/);
    expect(screen.getByRole("heading", { name: "Application received" })).toHaveFocus();
    expect(screen.queryByRole("button", { name: /send application/i })).not.toBeInTheDocument();
    expect(screen.getByText("Partner request sent successfully")).toBeInTheDocument();

    // Another application starts from a fresh form.
    await userEvent.click(within(sent).getByRole("button", { name: "Send another application" }));
    await waitFor(() => expect(field(/^first legal name/i)).toHaveValue(""));
    expect(screen.getByRole("radio", { name: "Yes" })).toBeChecked();
  });

  it("sends empty optional fields as empty strings and the default Yes", async () => {
    const { calls } = settingsApi({ "POST /api/partnership": () => json({ id: "sub-10" }, 201) });
    const user = userEvent.setup();
    renderPartnership();
    await user.type(field(/^first legal name/i), "Kim");
    await user.type(field(/^email/i), "kim@example.com");
    await user.click(submit());
    await screen.findByText("Partner request sent successfully");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      name: "Kim",
      email: "kim@example.com",
      currentPhone: "",
      interestPhone: "",
      currentAddress: "",
      locationOfInterest: "",
      netWorth: "",
      liquidCapital: "",
      hasBusinessExperience: "Yes",
      bio: "",
    });
  });

  it("toasts the failure and keeps what was typed", async () => {
    settingsApi({
      "POST /api/partnership": () => json({ error: { code: "rate_limited", message: "Too many requests." } }, 429),
    });
    const user = userEvent.setup();
    renderPartnership();
    await user.type(field(/^first legal name/i), "Jordan");
    await user.type(field(/^email/i), "jordan@example.com");
    await user.type(field(/^bio/i), "Keep me");
    await user.click(screen.getByRole("radio", { name: "No" }));
    await user.click(submit());

    expect(await screen.findByText("Failed to send request. Please try again.")).toBeInTheDocument();
    expect(field(/^first legal name/i)).toHaveValue("Jordan");
    expect(field(/^email/i)).toHaveValue("jordan@example.com");
    expect(field(/^bio/i)).toHaveValue("Keep me");
    expect(screen.getByRole("radio", { name: "No" })).toBeChecked();
    expect(screen.queryByText("Sending your application…")).not.toBeInTheDocument();
  });

  it("pre-fills the e-mail of a signed-in user", () => {
    settingsApi();
    signInAs();
    renderPartnership();
    expect(field(/^email/i)).toHaveValue(signedInUser.email);
  });

  it("fills the e-mail when the session arrives after the page, but never over what was typed", async () => {
    settingsApi();
    const user = userEvent.setup();
    const first = renderPartnership();
    expect(field(/^email/i)).toHaveValue("");
    act(() => useSessionStore.getState().setUser({ ...signedInUser, email: "late@example.com" }));
    await waitFor(() => expect(field(/^email/i)).toHaveValue("late@example.com"));
    first.unmount();

    useSessionStore.getState().clearUser();
    renderPartnership();
    await user.type(field(/^email/i), "typed@example.com");
    act(() => useSessionStore.getState().setUser({ ...signedInUser, email: "late@example.com" }));
    expect(field(/^email/i)).toHaveValue("typed@example.com");
  });
});
