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

export interface EmailTableColumn {
  label: string;
  align?: "left" | "right";
}

export interface EmailTable {
  caption?: string;
  columns: EmailTableColumn[];
  rows: string[][];
  /** A closing row such as a total, shown in bold. */
  footerRow?: string[];
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
  /** A grid, e.g. an order's items. */
  table?: EmailTable;
  /** A closing note in small print. */
  footer?: string;
}

export interface RenderedEmail {
  html: string;
  text: string;
}

const SAFE_HREF = /^(mailto:|tel:|https:\/\/)/i;

const styles = {
  body: "margin:0;padding:24px;background:#fffaf3;color:#2b2118;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:15px;line-height:1.5;",
  card: "max-width:640px;margin:0 auto;background:#ffffff;border:1px solid #f0dcc4;border-radius:14px;padding:24px;",
  h1: "margin:0 0 12px;font-size:20px;color:#c2410c;",
  p: "margin:0 0 16px;",
  table: "width:100%;border-collapse:collapse;margin:0 0 16px;",
  th: "text-align:left;vertical-align:top;padding:8px;border-bottom:1px solid #f0dcc4;color:#6b5a4a;font-weight:600;white-space:nowrap;",
  td: "text-align:left;vertical-align:top;padding:8px;border-bottom:1px solid #f0dcc4;",
  caption: "text-align:left;font-weight:600;padding:0 0 8px;",
  message: "margin:0 0 16px;padding:12px 16px;background:#fff1de;border-radius:8px;",
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

function renderTableHtml(table: EmailTable): string {
  const cellStyle = (base: string, index: number) =>
    table.columns[index]?.align === "right" ? base.replace("text-align:left", "text-align:right") : base;
  const head = table.columns
    .map((column, index) => `<th scope="col" style="${cellStyle(styles.th, index)}">${escapeHtml(column.label)}</th>`)
    .join("");
  const renderRow = (cells: string[], bold = false) =>
    `<tr>${cells
      .map((cell, index) => {
        const style = cellStyle(styles.td, index) + (bold ? "font-weight:700;" : "");
        return `<td style="${style}">${escapeMultiline(cell)}</td>`;
      })
      .join("")}</tr>`;
  const body = table.rows.map((cells) => renderRow(cells)).join("");
  const foot = table.footerRow ? `<tfoot>${renderRow(table.footerRow, true)}</tfoot>` : "";
  const caption = table.caption ? `<caption style="${styles.caption}">${escapeHtml(table.caption)}</caption>` : "";
  return `<table style="${styles.table}">${caption}<thead><tr>${head}</tr></thead><tbody>${body}</tbody>${foot}</table>`;
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
  if (content.table) parts.push(renderTableHtml(content.table));
  if (content.footer) parts.push(`<p style="${styles.footer}">${escapeMultiline(content.footer)}</p>`);
  return [
    "<!doctype html>",
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.title)}</title></head>`,
    `<body style="${styles.body}"><div style="${styles.card}">${parts.join("\n")}</div></body>`,
    "</html>",
  ].join("\n");
}

/** Pads cells so a text table lines up in a monospaced mail client. */
function renderTableText(table: EmailTable): string {
  const allRows = [
    table.columns.map((column) => column.label),
    ...table.rows,
    ...(table.footerRow ? [table.footerRow] : []),
  ];
  const widths = table.columns.map((_, index) =>
    Math.min(40, Math.max(...allRows.map((cells) => singleLineText(cells[index] ?? "").length))),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => {
        const text = singleLineText(cell);
        const width = widths[index] ?? text.length;
        return table.columns[index]?.align === "right" ? text.padStart(width) : text.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  const lines = [line(table.columns.map((column) => column.label)), rule, ...table.rows.map(line)];
  if (table.footerRow) lines.push(rule, line(table.footerRow));
  return [table.caption, ...lines].filter((value) => value !== undefined).join("\n");
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
  if (content.table) blocks.push(renderTableText(content.table));
  if (content.footer) blocks.push(`--\n${normalizeNewlines(content.footer)}`);
  return `${blocks.join("\n\n")}\n`;
}

/** Renders an e-mail's HTML and text parts from the same content. */
export function renderEmail(content: EmailContent): RenderedEmail {
  return { html: renderHtml(content), text: renderText(content) };
}
