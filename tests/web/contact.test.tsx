import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { brand } from "#web/config/brand";
import ContactPage from "#web/features/contact/contact-page";
import { useSessionStore } from "#web/lib/session-store";
import { json, mockApi, renderRoutes, resetStores, signedInUser, signInAs } from "./storefront-helpers";

function renderContact() {
  return renderRoutes(
    [
      { path: "/contact", element: <ContactPage /> },
      { path: "/menu", element: <h1>Menu page</h1> },
    ],
    "/contact",
  );
}

const field = (name: RegExp) => screen.getByLabelText(name);

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/^first name/i), "Ana");
  await user.type(field(/^last name/i), "Lima");
  await user.type(field(/^email/i), "ana@example.com");
  await user.type(field(/^phone/i), "+1 714 555 0100");
  await user.type(field(/^message/i), "Do you cater office parties?");
}

function expectFieldError(label: RegExp, message: string) {
  const control = field(label);
  expect(control).toHaveAttribute("aria-invalid", "true");
  const describedBy = control.getAttribute("aria-describedby");
  expect(document.getElementById(describedBy!)).toHaveTextContent(message);
}

beforeEach(() => resetStores());
afterEach(() => vi.restoreAllMocks());

describe("Contact page", () => {
  it("fills in a signed-in shopper's name, e-mail and phone, leaving the message to them", () => {
    signInAs({ ...signedInUser, username: "Ada King Lovelace", phone: "+1 714 555 0111" });
    renderContact();
    expect(field(/^first name/i)).toHaveValue("Ada");
    expect(field(/^last name/i)).toHaveValue("King Lovelace");
    expect(field(/^email/i)).toHaveValue("ada@example.com");
    expect(field(/^phone/i)).toHaveValue("+1 714 555 0111");
    expect(field(/^message/i)).toHaveValue("");
  });

  it("fills in the details when the session arrives after the page, without overwriting what was typed", async () => {
    const user = userEvent.setup();
    renderContact();
    expect(field(/^email/i)).toHaveValue("");
    await user.type(field(/^first name/i), "Addie");
    act(() => useSessionStore.getState().setUser(signedInUser));
    expect(field(/^first name/i)).toHaveValue("Addie");
    expect(field(/^last name/i)).toHaveValue("Lovelace");
    expect(field(/^email/i)).toHaveValue("ada@example.com");
  });

  it("leaves the form empty for a guest", () => {
    renderContact();
    for (const name of [/^first name/i, /^last name/i, /^email/i, /^phone/i]) expect(field(name)).toHaveValue("");
  });

  it("shows the shop's phone, e-mail and address links and three social links", () => {
    mockApi({});
    renderContact();
    expect(screen.getByRole("link", { name: brand.phone.display })).toHaveAttribute("href", brand.phone.href);
    expect(screen.getByRole("link", { name: brand.email.display })).toHaveAttribute("href", brand.email.href);
    expect(screen.getByRole("link", { name: new RegExp(brand.address.display) })).toHaveAttribute(
      "href",
      brand.address.href,
    );
    const socials = brand.socials.map((social) => screen.getByRole("link", { name: new RegExp(`on ${social.name}`) }));
    expect(socials).toHaveLength(3);
    socials.forEach((link, index) => expect(link).toHaveAttribute("href", brand.socials[index]!.href));
  });

  it("shows every required-field message beneath its field on submit, and sends nothing", async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderContact();
    // Validation waits for the submit: nothing is shown while typing into a fresh form.
    await user.type(field(/^email/i), "a");
    await user.clear(field(/^email/i));
    expect(screen.queryByText("Email is required")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Send message" }));

    expectFieldError(/^first name/i, "First name is required");
    expectFieldError(/^last name/i, "Last name is required");
    expectFieldError(/^email/i, "Email is required");
    expectFieldError(/^phone/i, "Phone number is required");
    expectFieldError(/^message/i, "Message is required");
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
  });

  it("says when the e-mail is malformed and the phone too short, and re-validates as you type", async () => {
    mockApi({});
    const user = userEvent.setup();
    renderContact();
    await user.type(field(/^email/i), "ana@");
    await user.type(field(/^phone/i), "555 0100");
    await user.click(screen.getByRole("button", { name: "Send message" }));

    expectFieldError(/^email/i, "Invalid email format");
    expectFieldError(/^phone/i, "Phone number must be at least 10 digits");

    await user.type(field(/^email/i), "example.com");
    expect(screen.queryByText("Invalid email format")).not.toBeInTheDocument();
    expect(field(/^email/i)).toHaveAttribute("aria-invalid", "false");
    await user.type(field(/^phone/i), "123");
    expect(screen.queryByText("Phone number must be at least 10 digits")).not.toBeInTheDocument();
  });

  it("sends the spec's payload with a spinner, toasts success and goes to the menu after 200 ms", async () => {
    let answer!: (response: Response) => void;
    const { calls } = mockApi({
      "POST /api/contact": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    const { router } = renderContact();
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Send message" }));

    expect(await screen.findByText("Sending your message…")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      username: "Ana Lima",
      email: "ana@example.com",
      phone: "+1 714 555 0100",
      message: "Do you cater office parties?",
    });

    // When the toast appears and when the page moves, each noted as it happens: a loaded machine
    // may notice both late, but not the time between them.
    let toastShownAt = 0;
    const toastWatch = new MutationObserver(() => {
      if (!toastShownAt && document.body.textContent?.includes("Message sent successfully")) toastShownAt = Date.now();
    });
    toastWatch.observe(document.body, { subtree: true, childList: true, characterData: true });
    let movedAt = 0;
    const stopListening = router.subscribe(() => (movedAt ||= Date.now()));
    answer(json({ id: "sub-1" }, 201));
    expect(await screen.findByText("Message sent successfully")).toBeInTheDocument();
    expect(screen.queryByText("Sending your message…")).not.toBeInTheDocument();

    await screen.findByRole("heading", { name: "Menu page" });
    toastWatch.disconnect();
    stopListening();
    expect(router.state.location.pathname).toBe("/menu");
    expect(movedAt - toastShownAt).toBeGreaterThanOrEqual(150);
  });

  it("toasts the failure and keeps everything that was typed", async () => {
    mockApi({
      "POST /api/contact": () => json({ error: { code: "internal_error", message: "Something went wrong." } }, 500),
    });
    const user = userEvent.setup();
    const { router } = renderContact();
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Send message" }));

    const toast = await screen.findByText("Failed to send message. Please try again");
    expect(within(toast.closest(".toast")!).getByText("Failed to send message. Please try again")).toBeInTheDocument();
    expect(field(/^first name/i)).toHaveValue("Ana");
    expect(field(/^last name/i)).toHaveValue("Lima");
    expect(field(/^email/i)).toHaveValue("ana@example.com");
    expect(field(/^phone/i)).toHaveValue("+1 714 555 0100");
    expect(field(/^message/i)).toHaveValue("Do you cater office parties?");
    expect(screen.queryByText("Sending your message…")).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(router.state.location.pathname).toBe("/contact");
    expect(screen.getByRole("button", { name: "Send message" })).toBeEnabled();
  });

  it("reports a network failure the same way", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    const user = userEvent.setup();
    renderContact();
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Failed to send message. Please try again")).toBeInTheDocument();
    await waitFor(() => expect(field(/^message/i)).toHaveValue("Do you cater office parties?"));
  });
});
