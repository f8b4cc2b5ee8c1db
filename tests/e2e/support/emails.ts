import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect } from "@playwright/test";

/**
 * E-mails the served app sent through its EMAIL binding. Locally miniflare writes each one
 * as files under .wrangler/tmp/email/<session>/email-text/<id>.txt (and email-html/<id>.html)
 * and logs a block to the server's output:
 *
 *   send_email binding called with MessageBuilder:
 *   From: Squeeze <no-reply@...>
 *   To: orders@squeeze-juice.example
 *   Subject: New order ...
 *
 *   Text: /…/.wrangler/tmp/email/<session>/email-text/<id>.txt
 *   HTML: /…/.wrangler/tmp/email/<session>/email-html/<id>.html
 *
 * scripts/e2e.mjs passes that log's path as E2E_SERVER_LOG.
 */
export interface SentEmail {
  from: string;
  to: string;
  subject: string;
  textPath?: string;
  htmlPath?: string;
  text: string;
  html: string;
}

const ANSI = new RegExp(String.raw`\u001b\[[0-9;]*m`, "g");

function serverLog(): string {
  const path = process.env.E2E_SERVER_LOG;
  if (!path) throw new Error("E2E_SERVER_LOG is not set: run the suite with `npm run test:e2e`.");
  try {
    return readFileSync(resolve(path), "utf8").replace(ANSI, "");
  } catch {
    return "";
  }
}

function readOrEmpty(path: string | undefined): string {
  if (!path) return "";
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/** Every e-mail the server has sent so far, oldest first. */
export function sentEmails(): SentEmail[] {
  const blocks = serverLog()
    .split(/send_email binding called with (?:MessageBuilder|the following message):/)
    .slice(1);
  return blocks.map((block) => {
    const field = (name: string) => block.match(new RegExp(`^\\s*${name}: (.*)$`, "m"))?.[1]?.trim();
    const textPath = field("Text");
    const htmlPath = field("HTML");
    const emlPath = field("Email");
    return {
      from: field("From") ?? "",
      to: field("To") ?? "",
      subject: field("Subject") ?? "",
      textPath,
      htmlPath,
      text: readOrEmpty(textPath) || readOrEmpty(emlPath),
      html: readOrEmpty(htmlPath),
    };
  });
}

/** Waits (the outbox sends right after the response) for an e-mail matching all criteria. */
export async function waitForEmail(criteria: {
  to?: string | RegExp;
  subject?: string | RegExp;
  /** Text that must appear in the text or HTML part. */
  contains?: string[];
}): Promise<SentEmail> {
  const matches = (value: string, wanted?: string | RegExp) =>
    wanted === undefined || (typeof wanted === "string" ? value.includes(wanted) : wanted.test(value));
  let found: SentEmail | undefined;
  await expect
    .poll(
      () => {
        found = sentEmails().find(
          (email) =>
            matches(email.to, criteria.to) &&
            matches(email.subject, criteria.subject) &&
            (criteria.contains ?? []).every((part) => email.text.includes(part) || email.html.includes(part)),
        );
        return found !== undefined;
      },
      {
        message: `an e-mail ${JSON.stringify(criteria, (_key, value: unknown) => (value instanceof RegExp ? String(value) : value))} in the server log; sent so far: ${JSON.stringify(
          sentEmails().map(({ to, subject }) => ({ to, subject })),
        )}`,
        timeout: 20_000,
        intervals: [250, 500, 1000],
      },
    )
    .toBe(true);
  return found as SentEmail;
}

/** The written e-mail files (text parts) under .wrangler/tmp/email, for a plain existence check. */
export function emailFilesContaining(part: string): string[] {
  const root = resolve(".wrangler", "tmp", "email");
  const hits: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (readOrEmpty(path).includes(part)) hits.push(path);
    }
  };
  walk(root);
  return hits;
}
