// `--against <commit>` for `npm run bench` and `npm run lighthouse`: the other commit checked out
// in a git worktree of its own (artifacts/against/<commit>), with its own node_modules and its own
// build folder, served by its own scripts/serve-built.mjs (the same module API on every commit
// since the built server existed). The measuring code is this commit's, so both sides are measured
// alike; only what is served differs.
//
// Dependencies: when the other commit's package-lock.json is byte for byte ours, its node_modules
// is a link to ours; otherwise it gets an `npm install` of its own, done once (the lockfile it was
// installed from is kept beside it, so a second run reuses it).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");

/** The commit after `--against` (or `--against=<commit>`), if any. */
export function againstOption(argv = process.argv.slice(2)) {
  const at = argv.findIndex((arg) => arg === "--against" || arg.startsWith("--against="));
  if (at < 0) return undefined;
  const value = argv[at].includes("=") ? argv[at].split("=")[1] : argv[at + 1];
  if (!value || value.startsWith("--")) throw new Error("--against needs a commit, e.g. --against af64f62");
  return value;
}

function git(args, cwd = root) {
  const result = spawnSync("git", args, { cwd, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** What is measured on this side: the commit checked out, and whether the tree has changes on top. */
export function thisSide() {
  const sha = git(["rev-parse", "--short", "HEAD"]);
  const changed = git(["status", "--porcelain", "--untracked-files=no"]) !== "";
  return { label: changed ? `${sha}+changes` : sha, dir: root };
}

/**
 * The other commit in its own worktree, installed and ready to build.
 * @returns {{ label: string, sha: string, dir: string }}
 */
export function prepareOtherSide(commit) {
  const sha = git(["rev-parse", "--verify", `${commit}^{commit}`]);
  const short = sha.slice(0, 7);
  const dir = join(root, "artifacts", "against", short);
  if (!existsSync(join(dir, "package.json"))) {
    mkdirSync(join(root, "artifacts", "against"), { recursive: true });
    rmSync(dir, { recursive: true, force: true });
    git(["worktree", "prune"]);
    console.log(`[against] git worktree for ${short} → ${dir}`);
    git(["worktree", "add", "--detach", dir, sha]);
  }
  const ourLock = readFileSync(join(root, "package-lock.json"), "utf8");
  const theirLock = readFileSync(join(dir, "package-lock.json"), "utf8");
  const installedFrom = join(dir, "node_modules", ".installed-from-lock.json");
  if (theirLock === ourLock) {
    if (!existsSync(join(dir, "node_modules"))) symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  } else if (!existsSync(installedFrom) || readFileSync(installedFrom, "utf8") !== theirLock) {
    console.log(`[against] ${short}'s lockfile differs from ours: npm install in its worktree (once)`);
    const install = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
    if (install.status !== 0) throw new Error(`npm install for ${short} failed`);
    writeFileSync(installedFrom, theirLock);
  }
  return { label: short, sha, dir };
}

/** A side's own scripts/serve-built.mjs (build, fresh D1, `vite preview` of its build). */
export function serveModuleOf(side) {
  return import(pathToFileURL(join(side.dir, "scripts", "serve-built.mjs")).href);
}

/** Whether a side's build folder holds a build already (an other commit's build is kept across runs). */
export function hasBuild(side) {
  return existsSync(join(side.dir, "artifacts", "build", "client", "index.html"));
}

export const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Round r measures the sides in turn, first one then the other, then the other way round. */
export function sidesInTurn(round, sides) {
  return round % 2 === 0 ? sides : [...sides].reverse();
}

/** A plain-text table with padded columns. */
export function table(header, rows) {
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => String(row[index]).length)));
  const line = (values) => `| ${values.map((value, index) => String(value).padEnd(widths[index])).join(" | ")} |`;
  return [line(header), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}
