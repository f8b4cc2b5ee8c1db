#!/usr/bin/env node
// A stand-in Star CloudPRNT printer, to try the shop's printing without one: it polls the server
// as a printer does (first the MQTT settings file, then a POST with its status every few
// seconds), fetches each job it is offered, reads the StarPRNT bytes back into text with a reader
// written from Star's command reference (scripts/lib/star-commands.mjs), prints that text here,
// and confirms the job with "200 OK".
//
//   node scripts/printer-stand-in.mjs --printer '<npm run printer:add -- … --local --json>'
//   node scripts/printer-stand-in.mjs --url http://localhost:5173/printers/cloudprnt --username prn-… --password …
//
//   --interval <s>  seconds between polls (default 5, the printers' usual)
//   --width <mm>    the paper's printable width it reports (default 72: 80 mm paper)
//   --type <media>  the media type it asks for (default application/vnd.star.starprnt)
//   --paper-out     reports "410 Paper Empty" and fetches nothing, as a printer out of paper
//   --offline       polls once, then goes quiet as an unplugged printer does (the board says offline)
import { parseArgs } from "node:util";
import { decodePlainText, decodeStarCommands, pagesAsText } from "./lib/star-commands.mjs";

const { values } = parseArgs({
  options: {
    printer: { type: "string" },
    url: { type: "string" },
    username: { type: "string" },
    password: { type: "string" },
    interval: { type: "string", default: "5" },
    width: { type: "string", default: "72" },
    type: { type: "string", default: "application/vnd.star.starprnt" },
    "paper-out": { type: "boolean", default: false },
    offline: { type: "boolean", default: false },
  },
});
const given = values.printer ? JSON.parse(values.printer) : {};
const serverUrl = values.url ?? given.url;
const username = values.username ?? given.username;
const password = values.password ?? given.password;
if (!serverUrl || !username || !password) {
  console.error("printer-stand-in: give --printer '<json>' or --url, --username and --password");
  process.exit(2);
}
const intervalMs = Math.max(0.2, Number(values.interval)) * 1000;
const mac = "00:11:62:5e:a5:01";
const headers = {
  Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`,
  "X-Star-Print-Width": values.width,
  "X-Star-Mac": mac,
};
const statusCode = values["paper-out"] ? "410%20Paper%20Empty" : "200%20OK";
const log = (message) => console.log(`[printer ${username}] ${message}`);

async function settingsFile() {
  const url = new URL("cloudprnt-setting.json", serverUrl);
  const response = await fetch(url, { headers });
  log(`${url.pathname}: ${response.status} (${response.status === 404 ? "CloudPRNT over HTTP" : "unexpected"})`);
}

async function pollOnce() {
  const response = await fetch(serverUrl, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({
      status: values["paper-out"] ? "23 86 00 00 08 00 00 00 00" : "23 86 00 00 00 00 00 00 00",
      printerMAC: mac,
      statusCode,
      printingInProgress: false,
      clientAction: null,
    }),
  });
  if (!response.ok) {
    log(`poll answered ${response.status}: ${await response.text()}`);
    return;
  }
  const answer = await response.json();
  // A printer out of paper keeps polling and fetches nothing.
  if (!answer.jobReady || values["paper-out"]) return;
  const type = answer.mediaTypes?.includes(values.type) ? values.type : answer.mediaTypes?.[0];
  const query = new URLSearchParams({ mac, type, ...(answer.jobToken ? { token: answer.jobToken } : {}) });
  const job = await fetch(`${serverUrl}?${query}`, { headers });
  if (!job.ok) {
    log(`job GET answered ${job.status}`);
    return;
  }
  const bytes = new Uint8Array(await job.arrayBuffer());
  let code = "200%20OK";
  try {
    const pages = type === "text/plain" ? decodePlainText(new TextDecoder().decode(bytes)) : decodeStarCommands(bytes);
    log(`printed job ${answer.jobToken ?? "(no token)"}: ${pages.length} page(s), ${type}`);
    console.log(pagesAsText(pages));
    console.log("=".repeat(32));
  } catch (error) {
    // What a printer does with data it cannot print: report the failure, and the server offers it again.
    log(`could not print job ${answer.jobToken}: ${error.message}`);
    code = "520%20Print%20Failed";
  }
  const confirm = new URLSearchParams({ mac, code, ...(answer.jobToken ? { token: answer.jobToken } : {}) });
  const confirmed =
    answer.deleteMethod === "GET"
      ? await fetch(`${serverUrl}?${confirm}&delete`, { headers })
      : await fetch(`${serverUrl}?${confirm}`, { method: "DELETE", headers });
  if (!confirmed.ok) log(`confirmation answered ${confirmed.status}`);
}

log(`polling ${serverUrl} every ${intervalMs / 1000} s${values["paper-out"] ? ", out of paper" : ""}`);
await settingsFile();
for (;;) {
  try {
    await pollOnce();
  } catch (error) {
    log(`server unreachable: ${error.message}`);
  }
  if (values.offline) {
    log("offline: no more polls (stop with Ctrl+C)");
    setInterval(() => {}, 60_000);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, intervalMs));
}
