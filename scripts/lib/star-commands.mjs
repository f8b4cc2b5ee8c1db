/**
 * Star's printer commands read back into text: what a Star printer would put on paper, for the
 * stand-in printer (scripts/printer-stand-in.mjs) and the tests. Written from Star's command
 * references (StarPRNT Command Specifications; Star Line Mode Command Specifications), not from
 * any encoder, so that a job that reads right here prints right on a printer.
 *
 * Both languages share what a ticket uses: text, LF, ESC E / ESC F (emphasis), ESC i n1 n2 (character
 * expansion), ESC W n / ESC h n (width and height expansion), ESC GS a n (alignment),
 * ESC GS t n (code page), ESC d n (cut). A command this reader does not know is an error naming
 * its byte: a job with one would print something nobody checked.
 */

const ESC = 0x1b;
const GS = 0x1d;
const RS = 0x1e;

/**
 * Commands by their bytes after ESC, with how many parameter bytes follow: `[bytes, params, effect]`.
 * Effects change the state of the line being printed.
 */
const ESC_COMMANDS = [
  [[0x40], 0, (state) => Object.assign(state, initialState(), { lines: state.lines, pages: state.pages })], // ESC @ initialize
  [[0x45], 0, (state) => (state.bold = true)], // ESC E emphasized on
  [[0x46], 0, (state) => (state.bold = false)], // ESC F emphasized off
  [[0x2d], 1, (state, [n]) => (state.underline = n === 1 || n === 0x31)], // ESC - n underline
  [[0x34], 0, (state) => (state.inverted = true)], // ESC 4 highlight (white on black) on
  [[0x35], 0, (state) => (state.inverted = false)], // ESC 5 highlight off
  [[0x69], 2, (state, [height, width]) => ((state.height = height + 1), (state.width = width + 1))], // ESC i n1 n2
  [[0x57], 1, (state, [n]) => (state.width = n + 1)], // ESC W n width expansion
  [[0x68], 1, (state, [n]) => (state.height = n + 1)], // ESC h n height expansion
  [[0x64], 1, (state) => cut(state)], // ESC d n cut (0/1 at once, 2/3 after feeding)
  [[0x61], 1, (state, [n]) => feed(state, n)], // ESC a n feed n lines
  [[0x4a], 1, () => {}], // ESC J n feed n/4 mm
  [[0x49], 1, () => {}], // ESC I n feed n/4 mm (Star Line: reverse)
  [[0x7a], 1, () => {}], // ESC z n line spacing
  [[0x30], 0, () => {}], // ESC 0 1/8-inch line spacing
  [[0x33], 1, () => {}], // ESC 3 n line spacing n/4 mm
  [[0x4d], 0, () => {}], // ESC M font A pitch
  [[0x50], 0, () => {}], // ESC P font B pitch
  [[0x3a], 0, () => {}], // ESC : font C pitch
  [[0x20], 1, () => {}], // ESC SP n space between characters
  [[0x6c], 1, () => {}], // ESC l n left margin
  [[0x51], 1, () => {}], // ESC Q n right margin
  [[0x52], 1, () => {}], // ESC R n international character set
  [[0x74], 1, () => {}], // ESC t n code page (Star Line, older firmware)
  [[0x07], 2, () => {}], // ESC BEL n1 n2 drawer pulse width
  [[GS, 0x61], 1, (state, [n]) => (state.align = n === 1 ? "center" : n === 2 ? "right" : "left")], // ESC GS a n
  [[GS, 0x74], 1, (state, [n]) => (state.codePage = n)], // ESC GS t n code page
  [[GS, 0x41], 2, () => {}], // ESC GS A n1 n2 absolute position
  [[GS, 0x52], 2, () => {}], // ESC GS R n1 n2 relative position
  [[RS, 0x46], 1, () => {}], // ESC RS F n font
  [[RS, 0x61], 1, () => {}], // ESC RS a n automatic status back
  [[RS, 0x69], 2, (state, [height, width]) => ((state.height = height + 1), (state.width = width + 1))], // ESC RS i
];

/** Single bytes: `[byte, effect]`. */
const CONTROL_BYTES = new Map([
  [0x0a, (state) => endLine(state)], // LF print and feed a line
  [0x0d, () => {}], // CR (a Star printer set for it prints on LF only)
  [0x0c, (state) => cut(state)], // FF form feed: the end of a page
  [0x09, (state) => (state.text += "    ")], // HT horizontal tab
  [0x18, (state) => (state.text = "")], // CAN cancel the line's data
  [0x07, () => {}], // BEL drive peripheral 1
  [0x1c, () => {}], // FS drive peripheral 1
  [0x1a, () => {}], // SUB drive peripheral 2
]);

/** Code page 437's upper half as far as a ticket may use it; anything else reads "?". */
const CP437_HIGH = new Map([
  [0x80, "Ç"],
  [0x81, "ü"],
  [0x82, "é"],
  [0x83, "â"],
  [0x84, "ä"],
  [0x85, "à"],
  [0x87, "ç"],
  [0x88, "ê"],
  [0x89, "ë"],
  [0x8a, "è"],
  [0x8b, "ï"],
  [0x8c, "î"],
  [0x8d, "ì"],
  [0x8e, "Ä"],
  [0x90, "É"],
  [0x93, "ô"],
  [0x94, "ö"],
  [0x96, "û"],
  [0x97, "ù"],
  [0x99, "Ö"],
  [0x9a, "Ü"],
  [0xa0, "á"],
  [0xa1, "í"],
  [0xa2, "ó"],
  [0xa3, "ú"],
  [0xa4, "ñ"],
  [0xa5, "Ñ"],
  [0xc4, "-"],
  [0xcd, "="],
]);

function initialState() {
  return {
    text: "",
    lineBold: false,
    lineBig: false,
    bold: false,
    underline: false,
    inverted: false,
    width: 1,
    height: 1,
    align: "left",
    codePage: 0,
  };
}

function endLine(state) {
  state.lines.push({ text: state.text.replace(/\s+$/, ""), bold: state.lineBold, big: state.lineBig });
  Object.assign(state, { text: "", lineBold: false, lineBig: false });
}

/** A character on the line: the line counts as bold or big if any of its (non-blank) characters is. */
function printCharacter(state, character) {
  state.text += character;
  if (character.trim()) {
    state.lineBold ||= state.bold;
    state.lineBig ||= state.width > 1 || state.height > 1;
  }
}

function feed(state, count) {
  for (let index = 0; index < count; index++) endLine(state);
}

function cut(state) {
  if (state.text) endLine(state);
  state.pages.push(trimBlank(state.lines));
  state.lines = [];
}

/** A page without its leading and trailing blank lines (the feed before a cut). */
function trimBlank(lines) {
  let start = 0;
  let end = lines.length;
  while (start < end && !lines[start].text.trim()) start++;
  while (end > start && !lines[end - 1].text.trim()) end--;
  return lines.slice(start, end);
}

function startsWith(bytes, at, prefix) {
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

/**
 * The pages a job prints (each ended by a cut), each a list of lines `{ text, bold, big }`.
 * `bytes`: a StarPRNT or Star Line job. Throws on a command it does not know.
 */
export function decodeStarCommands(bytes) {
  const state = { ...initialState(), lines: [], pages: [] };
  let at = 0;
  while (at < bytes.length) {
    const byte = bytes[at];
    if (byte === ESC) {
      const command = ESC_COMMANDS.find(
        ([prefix, params]) => startsWith(bytes, at + 1, prefix) && at + 1 + prefix.length + params <= bytes.length,
      );
      if (!command) {
        throw new Error(`Unknown command at byte ${at}: ESC 0x${(bytes[at + 1] ?? 0).toString(16).padStart(2, "0")}`);
      }
      const [prefix, params, effect] = command;
      const start = at + 1 + prefix.length;
      effect(state, Array.from(bytes.subarray(start, start + params)));
      at = start + params;
      continue;
    }
    const control = CONTROL_BYTES.get(byte);
    if (control) control(state);
    else if (byte >= 0x20 && byte !== 0x7f)
      printCharacter(state, byte >= 0x80 ? (CP437_HIGH.get(byte) ?? "?") : String.fromCharCode(byte));
    else throw new Error(`Unknown control byte 0x${byte.toString(16).padStart(2, "0")} at byte ${at}`);
    at++;
  }
  if (state.text) endLine(state);
  const rest = trimBlank(state.lines);
  if (rest.length) state.pages.push(rest);
  return state.pages;
}

/** A text/plain job's pages: each ends with a dashed line. */
export function decodePlainText(text) {
  return text
    .split(/^-{8,}$/m)
    .map((page) =>
      trimBlank(page.split("\n").map((line) => ({ text: line.replace(/\s+$/, ""), bold: false, big: false }))),
    )
    .filter((page) => page.length > 0);
}

/** The pages as the stand-in shows them: big lines in capitals' stead get a marker. */
export function pagesAsText(pages) {
  return pages
    .map((page) => page.map((line) => (line.big ? `## ${line.text.trim()}` : line.text)).join("\n"))
    .join("\n" + "~".repeat(32) + " cut\n");
}
