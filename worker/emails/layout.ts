/**
 * One plain, readable look for every e-mail, with a matching text part. Every value is
 * escaped here, so a template only decides what to say, never how to make it safe.
 */
import { escapeHtml } from "./html";

export interface EmailRow {
  label: string;
  value: string;
  /** Makes the value a link; only mailto:, tel: and https: are kept, anything else shows as text. */
  href?: string;
}

/** One line of a receipt: what it is (in bold), a line about it, the lines under it, and its amount. */
export interface EmailReceiptLine {
  /** "2 × Berry Blast" */
  item: string;
  /** "Small · $7.74 each" */
  meta?: string;
  /** Lines under the item, e.g. its add-ons and its note. */
  details?: string[];
  amount: string;
}

/**
 * An order's lines as a receipt: two columns (the item with everything said about it under it,
 * and its amount), so it fits a phone's width however long a note or a list of add-ons is.
 */
export interface EmailReceipt {
  lines: EmailReceiptLine[];
  /** Amounts after the lines, e.g. a tip or a delivery fee. */
  extras?: { label: string; amount: string }[];
  /** The closing row, in bold. */
  total: { label: string; amount: string };
}

export interface EmailContent {
  /** The heading; also the HTML document's title. */
  title: string;
  /** The first paragraph(s); newlines become line breaks. */
  intro?: string;
  /** Label/value pairs, e.g. name, email, phone. */
  rows?: EmailRow[];
  /** A free-text block after the rows, such as the message someone typed. */
  message?: { label: string; text: string };
  /** An order's items and total. */
  receipt?: EmailReceipt;
  /** A closing note in small print. */
  footer?: string;
}

export interface RenderedEmail {
  html: string;
  text: string;
}

const SAFE_HREF = /^(mailto:|tel:|https:\/\/)/i;

/** Widest line of a text part: the receipt's columns are laid out within it. */
const TEXT_WIDTH = 72;

// Every block may be narrower than its longest word (a pasted link, an e-mail address): words
// break rather than push the card past a phone's screen.
const breakAnywhere = "overflow-wrap:anywhere;word-break:break-word;";

const styles = {
  body: "margin:0;padding:12px;background:#fffaf3;color:#2b2118;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:15px;line-height:1.5;",
  card: `max-width:640px;margin:0 auto;background:#ffffff;border:1px solid #f0dcc4;border-radius:14px;padding:16px;${breakAnywhere}`,
  h1: "margin:0 0 12px;font-size:20px;color:#c2410c;",
  p: "margin:0 0 16px;",
  table: "width:100%;table-layout:fixed;border-collapse:collapse;margin:0 0 16px;",
  th: `width:36%;text-align:left;vertical-align:top;padding:8px 8px 8px 0;border-bottom:1px solid #f0dcc4;color:#6b5a4a;font-weight:600;${breakAnywhere}`,
  td: `text-align:left;vertical-align:top;padding:8px 0;border-bottom:1px solid #f0dcc4;${breakAnywhere}`,
  receiptHead: "text-align:left;padding:0 0 8px;border-bottom:1px solid #f0dcc4;color:#6b5a4a;font-weight:600;",
  receiptItem: `text-align:left;vertical-align:top;padding:8px 8px 8px 0;border-bottom:1px solid #f0dcc4;${breakAnywhere}`,
  receiptAmount:
    "width:84px;text-align:right;vertical-align:top;padding:8px 0;border-bottom:1px solid #f0dcc4;white-space:nowrap;",
  receiptMeta: "display:block;color:#6b5a4a;font-size:13px;",
  receiptDetail: "display:block;font-size:13px;",
  message: `margin:0 0 16px;padding:12px 16px;background:#fff1de;border-radius:8px;${breakAnywhere}`,
  footer: "margin:16px 0 0;color:#6b5a4a;font-size:13px;",
  link: "color:#c2410c;",
};

/** Escapes a value and keeps its line breaks visible in HTML. */
function escapeMultiline(value: string): string {
  return escapeHtml(normalizeNewlines(value)).replace(/\n/g, "<br>");
}

function normalizeNewlines(value: string): string {
  return value.replace(/\r\n?/g, "\n");
}

function renderRowValue(row: EmailRow): string {
  if (row.value && row.href && SAFE_HREF.test(row.href)) {
    return `<a href="${escapeHtml(row.href)}" style="${styles.link}">${escapeHtml(row.value)}</a>`;
  }
  return row.value ? escapeMultiline(row.value) : "—";
}

function renderRowsHtml(rows: EmailRow[]): string {
  const body = rows
    .map(
      (row) =>
        `<tr><th scope="row" style="${styles.th}">${escapeHtml(row.label)}</th><td style="${styles.td}">${renderRowValue(row)}</td></tr>`,
    )
    .join("");
  return `<table style="${styles.table}"><tbody>${body}</tbody></table>`;
}

function renderReceiptHtml(receipt: EmailReceipt): string {
  const head =
    `<thead><tr><th scope="col" style="${styles.receiptHead}">Item</th>` +
    `<th scope="col" style="${styles.receiptHead}width:84px;text-align:right;">Amount</th></tr></thead>`;
  const line = (entry: EmailReceiptLine) => {
    const under = [
      ...(entry.meta ? [`<span style="${styles.receiptMeta}">${escapeMultiline(entry.meta)}</span>`] : []),
      ...(entry.details ?? []).map(
        (detail) => `<span style="${styles.receiptDetail}">${escapeMultiline(detail)}</span>`,
      ),
    ].join("");
    return (
      `<tr><td style="${styles.receiptItem}"><strong>${escapeMultiline(entry.item)}</strong>${under}</td>` +
      `<td style="${styles.receiptAmount}">${escapeHtml(entry.amount)}</td></tr>`
    );
  };
  const extra = (entry: { label: string; amount: string }, bold = false) =>
    `<tr><td style="${styles.receiptItem}${bold ? "font-weight:700;" : ""}">${escapeHtml(entry.label)}</td>` +
    `<td style="${styles.receiptAmount}${bold ? "font-weight:700;" : ""}">${escapeHtml(entry.amount)}</td></tr>`;
  const body = [...receipt.lines.map(line), ...(receipt.extras ?? []).map((entry) => extra(entry))].join("");
  return (
    `<table style="${styles.table}">${head}<tbody>${body}</tbody>` +
    `<tfoot>${extra(receipt.total, true)}</tfoot></table>`
  );
}

function renderHtml(content: EmailContent): string {
  const parts = [`<h1 style="${styles.h1}">${escapeHtml(content.title)}</h1>`];
  if (content.intro) parts.push(`<p style="${styles.p}">${escapeMultiline(content.intro)}</p>`);
  if (content.rows?.length) parts.push(renderRowsHtml(content.rows));
  if (content.message) {
    parts.push(
      `<p style="${styles.p}"><strong>${escapeHtml(content.message.label)}</strong></p>`,
      `<div style="${styles.message}">${escapeMultiline(content.message.text)}</div>`,
    );
  }
  if (content.receipt) parts.push(renderReceiptHtml(content.receipt));
  if (content.footer) parts.push(`<p style="${styles.footer}">${escapeMultiline(content.footer)}</p>`);
  return [
    "<!doctype html>",
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.title)}</title></head>`,
    `<body style="${styles.body}"><div style="${styles.card}">${parts.join("\n")}</div></body>`,
    "</html>",
  ].join("\n");
}

/** Words of a text, wrapped to lines of at most `width` characters (a longer word is cut). */
function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of singleLineText(text).split(" ").filter(Boolean)) {
    for (let rest = word; rest.length > 0;) {
      const room = current ? width - current.length - 1 : width;
      if (rest.length <= room) {
        current = current ? `${current} ${rest}` : rest;
        rest = "";
      } else if (current) {
        lines.push(current);
        current = "";
      } else {
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
    }
  }
  if (current) lines.push(current);
  return lines.length > 0 ? lines : [""];
}

/**
 * The receipt in a monospaced text part: the items on the left, each amount right-aligned in one
 * column, and what is said about an item on indented lines under it, wrapped so that no line
 * pushes the amounts out of line.
 */
function renderReceiptText(receipt: EmailReceipt): string {
  const amounts = [
    "Amount",
    ...receipt.lines.map((line) => line.amount),
    ...(receipt.extras ?? []).map((extra) => extra.amount),
    receipt.total.amount,
  ];
  const amountWidth = Math.max(...amounts.map((amount) => amount.length));
  const itemWidth = TEXT_WIDTH - amountWidth - 2;
  const row = (item: string, amount: string) => {
    const [first = "", ...more] = wrapText(item, itemWidth);
    return [`${first.padEnd(itemWidth)}  ${amount.padStart(amountWidth)}`, ...more].join("\n");
  };
  const under = (text: string) => wrapText(text, itemWidth - 2).map((line) => `  ${line}`);
  const rule = "-".repeat(TEXT_WIDTH);
  const lines = [row("Item", "Amount"), rule];
  for (const line of receipt.lines) {
    lines.push(row(line.item, line.amount));
    for (const text of [...(line.meta ? [line.meta] : []), ...(line.details ?? [])]) lines.push(...under(text));
  }
  for (const extra of receipt.extras ?? []) lines.push(row(extra.label, extra.amount));
  lines.push(rule, row(receipt.total.label, receipt.total.amount));
  return lines.map((line) => line.trimEnd()).join("\n");
}

function singleLineText(value: string): string {
  return normalizeNewlines(value).replace(/\n+/g, " ");
}

function renderText(content: EmailContent): string {
  const blocks = [`${content.title}\n${"=".repeat(Math.min(content.title.length, 60))}`];
  if (content.intro) blocks.push(normalizeNewlines(content.intro));
  if (content.rows?.length) {
    blocks.push(
      content.rows
        .map((row) => {
          const value = row.value ? normalizeNewlines(row.value).replace(/\n/g, "\n  ") : "—";
          return `${row.label}: ${value}`;
        })
        .join("\n"),
    );
  }
  if (content.message) blocks.push(`${content.message.label}:\n${normalizeNewlines(content.message.text)}`);
  if (content.receipt) blocks.push(renderReceiptText(content.receipt));
  if (content.footer) blocks.push(`--\n${normalizeNewlines(content.footer)}`);
  return `${blocks.join("\n\n")}\n`;
}

/** Renders an e-mail's HTML and text parts from the same content. */
export function renderEmail(content: EmailContent): RenderedEmail {
  return { html: renderHtml(content), text: renderText(content) };
}
