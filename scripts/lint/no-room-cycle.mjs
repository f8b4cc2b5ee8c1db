/**
 * No circle between the worker's rooms. A room is a folder (or a lone file) directly under
 * worker/services/, or one of the worker's own folders (routes, live, lib, db, emails). File
 * cycles are import-x/no-cycle's; this rule sees the coarser loops that pass through several
 * files of different rooms (orders → push → orders), which keep a room from being read alone.
 *
 * The rooms' graph is read once per lint run from the files on disk (import and export
 * specifiers, type-only ones included); each import that leads into a room from which the
 * importing room can be reached again is reported, with the way back.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const SPECIFIER = /(?:^|[;\s])(?:import|export)\s(?:[^;'"]*?\sfrom\s)?["']([^"']+)["']/g;

/** The worker's folders under the repository's root (ESLint's working directory). */
function folders(root) {
  const worker = join(root, "worker");
  return { worker, services: join(worker, "services") };
}

/** The room of a file under worker/, or undefined outside it. */
function roomOf(file, { worker, services }) {
  if (!file.startsWith(worker + sep)) return undefined;
  if (file.startsWith(services + sep)) {
    const [first] = relative(services, file).split(sep);
    return `services/${first.replace(/\.tsx?$/, "")}`;
  }
  const [first] = relative(worker, file).split(sep);
  return first.includes(".") ? undefined : first;
}

/** The file an import specifier names, as a path (extension-less is fine for finding its room). */
function target(specifier, fromFile, { worker }) {
  if (specifier.startsWith("#worker/")) return join(worker, specifier.slice("#worker/".length));
  if (specifier.startsWith(".")) return resolve(dirname(fromFile), specifier);
  return undefined;
}

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) yield path;
  }
}

/** Per repository root: room → rooms it imports from. */
const graphs = new Map();
function roomGraph(root) {
  if (graphs.has(root)) return graphs.get(root);
  const graph = new Map();
  graphs.set(root, graph);
  const where = folders(root);
  for (const file of sourceFiles(where.worker)) {
    const from = roomOf(file, where);
    if (!from) continue;
    const text = readFileSync(file, "utf8");
    for (const [, specifier] of text.matchAll(SPECIFIER)) {
      const path = target(specifier, file, where);
      const to = path && roomOf(path, where);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from).add(to);
    }
  }
  return graph;
}

/** A way from `start` to `goal` through the rooms' imports, or null. */
function wayBetween(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const room = queue.shift();
    if (room === goal) {
      const way = [];
      for (let at = goal; at !== null; at = previous.get(at)) way.unshift(at);
      return way;
    }
    for (const next of graph.get(room) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, room);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
export const noRoomCycle = {
  meta: {
    type: "problem",
    docs: {
      description: "Forbid import circles between the worker's rooms (worker/services/<room>, worker/<folder>).",
    },
    schema: [],
    messages: { circle: "A circle between rooms: {{way}}. Hand the inner room what it needs as an argument instead." },
  },
  create(context) {
    const file = context.physicalFilename;
    const where = folders(context.cwd);
    const from = roomOf(file, where);
    if (!from) return {};
    const check = (node) => {
      const path = node.source && target(String(node.source.value), file, where);
      const to = path && roomOf(path, where);
      if (!to || to === from) return;
      const way = wayBetween(roomGraph(context.cwd), to, from);
      if (way) context.report({ node, messageId: "circle", data: { way: [from, ...way].join(" → ") } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
