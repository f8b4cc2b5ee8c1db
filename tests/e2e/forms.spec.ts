import { existsSync } from "node:fs";
import { uniqueShopper } from "./support/auth";
import { waitForEmail } from "./support/emails";
import { expect, expectToastShown, test } from "./support/fixtures";

// The two forms anyone can send without an account: the spec's messages, then a real send.

const SHOP_EMAIL = "orders@squeeze-juice.example";

test("contact: each rule's message, then the message is sent and e-mailed to the shop", async ({ page }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  // The shop's details beside the form.
  await expect(main.locator('a[href^="tel:"]').first()).toBeVisible();
  await expect(main.locator('a[href^="mailto:"]').first()).toBeVisible();
  await expect(main.locator('a[href*="maps"]').first()).toBeVisible();
  await expect(main.getByRole("link", { name: /instagram|facebook|google maps/i })).toHaveCount(3);

  const form = main.getByRole("form", { name: "Send a message" });
  const send = form.getByRole("button", { name: "Send message" });
  await send.click();
  for (const message of [
    "First name is required",
    "Last name is required",
    "Email is required",
    "Phone number is required",
    "Message is required",
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  // After a submit, each field is checked again as it changes.
  await form.getByRole("textbox", { name: "Email", exact: true }).fill("not-an-email");
  await expect(form.getByText("Invalid email format", { exact: true })).toBeVisible();
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("714 555");
  await expect(form.getByText("Phone number must be at least 10 digits", { exact: true })).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Email", exact: true })).toHaveAttribute("aria-invalid", "true");

  const sender = uniqueShopper("Contact");
  const message = `Do you cater office parties? (${sender.email})`;
  await form.getByRole("textbox", { name: "First name", exact: true }).fill("Casey");
  await expect(form.getByText("First name is required")).toBeHidden();
  await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Nguyen");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(sender.email);
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("714 555 0100");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill(message);
  await expect(form.getByText(/is required|Invalid email|at least 10 digits/)).toHaveCount(0);
  await send.click();

  await expectToastShown(page, "Message sent successfully");
  await expect(page).toHaveURL(/\/menu/);
  const mail = await waitForEmail({ to: SHOP_EMAIL, contains: [message, "Casey Nguyen", "714 555 0100"] });
  expect(mail.textPath && existsSync(mail.textPath)).toBeTruthy();
});

test("partnership: the fee table and options come from the settings, the rules, then the application is e-mailed", async ({
  page,
}) => {
  await page.goto("/partnership");
  const main = page.getByRole("main");

  // Years 1-3 with the seeded royalty and ad fees (seed/menu.sql), never "undefined%".
  const fees = main.getByRole("table");
  await expect(fees.getByRole("row")).toHaveCount(4);
  await expect(fees.getByRole("row", { name: /Year 1/ })).toContainText(/2\s*%.*0\.5\s*%/);
  await expect(fees.getByRole("row", { name: /Year 2/ })).toContainText(/3\.5\s*%.*1\s*%/);
  await expect(fees.getByRole("row", { name: /Year 3/ })).toContainText(/5\s*%.*1\.5\s*%/);
  await expect(main).not.toContainText("undefined");

  const form = main.getByRole("form", { name: "Apply to become a partner" });
  // Country selects: every ISO 3166-1 country and territory (at least the ~195 states, and
  // places such as Puerto Rico an applicant may live in), alpha-2 values, from the library.
  const country = form.getByRole("group", { name: "Current address" }).getByRole("combobox", { name: "Country" });
  const countryValues = await country
    .locator("option")
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  expect(countryValues.length).toBeGreaterThanOrEqual(195);
  expect(new Set(countryValues).size).toBe(countryValues.length);
  expect(countryValues.every((value) => /^[A-Z]{2}$/.test(value))).toBe(true);
  await expect(country.locator('option[value="US"]')).toHaveText(/United States/);
  await expect(country.locator('option[value="PR"]')).toHaveText("Puerto Rico");

  // Net worth and liquid capital offer exactly the settings' options.
  const netWorth = form.getByRole("combobox", { name: "Net worth" });
  await expect(netWorth).toBeEnabled();
  await expect(netWorth.locator("option:not([value=''])")).toHaveText([
    "Under $250,000",
    "$250,000 - $500,000",
    "$500,000 - $1,000,000",
    "Over $1,000,000",
  ]);
  await expect(form.getByRole("combobox", { name: "Liquid capital" }).locator("option:not([value=''])")).toHaveText([
    "Under $50,000",
    "$50,000 - $100,000",
    "$100,000 - $250,000",
    "Over $250,000",
  ]);
  // Business experience defaults to Yes.
  await expect(form.getByRole("radio", { name: "Yes" })).toBeChecked();
  await expect(form.getByRole("radio", { name: "No" })).not.toBeChecked();

  const send = form.getByRole("button", { name: "Send application" });
  await send.click();
  await expect(form.getByText("First name is required", { exact: true })).toBeVisible();
  await expect(form.getByText("Email is required", { exact: true })).toBeVisible();
  await form.getByRole("textbox", { name: "Email", exact: true }).fill("someone@");
  await expect(form.getByText("Invalid email format", { exact: true })).toBeVisible();

  const applicant = uniqueShopper("Partner");
  await form.getByRole("textbox", { name: "First legal name" }).fill("Jordan");
  await form.getByRole("textbox", { name: "Last legal name" }).fill("Rivera");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(applicant.email);
  await form.getByRole("group", { name: "Current address" }).getByRole("textbox", { name: "City" }).fill("Austin");
  await country.selectOption("US");
  await form.getByRole("group", { name: "Location of interest" }).getByRole("textbox", { name: "City" }).fill("Lisbon");
  await form
    .getByRole("group", { name: "Location of interest" })
    .getByRole("combobox", { name: "Country" })
    .selectOption("PT");
  await netWorth.selectOption("$500,000 - $1,000,000");
  await form.getByRole("radio", { name: "No" }).check();
  await form.getByRole("textbox", { name: "Bio" }).fill(`Ran two cafés. (${applicant.email})`);
  await send.click();

  await expectToastShown(page, "Partner request sent successfully");
  const mail = await waitForEmail({
    to: SHOP_EMAIL,
    contains: [applicant.email, "Jordan Rivera", "Austin", "Lisbon", "$500,000 - $1,000,000"],
  });
  expect(mail.textPath && existsSync(mail.textPath)).toBeTruthy();
});
