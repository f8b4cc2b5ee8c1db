// The address workerd itself listens on behind `vite preview` (scripts/serve-built.mjs), found
// from the served process group's listening sockets (Linux's /proc). `vite preview` relays every
// WebSocket frame through its own Node process (two Node WebSockets coupled, frame by frame);
// on Cloudflare the edge holds a board's socket and no such relay exists. A bench that wants the
// worker's own figures connects its sockets here (docs/decisions/0052-the-boards-tail.md).
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** The pids whose process group is `group` (the preview is started as the leader of its own group). */
function processesOf(group) {
  const pids = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Fields after the command's closing parenthesis: state, ppid, pgrp, …
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === group) pids.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

/** The loopback TCP ports these processes listen on. */
function listeningPorts(pids) {
  const inodes = new Set();
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode) inodes.add(inode);
      }
    } catch {
      // gone meanwhile
    }
  }
  const ports = [];
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const columns = line.trim().split(/\s+/);
    // local address, state 0A = LISTEN, inode
    if (columns.length > 9 && columns[3] === "0A" && inodes.has(columns[9]))
      ports.push(Number.parseInt(columns[1].split(":")[1], 16));
  }
  return ports;
}

/**
 * workerd's own origin for a server started by serve-built.mjs (`{ pid, port }`): the listening
 * port of its group, other than the preview's, that answers the app's API. Undefined when none
 * does (another system, or a preview that changed), and the caller keeps the preview's origin.
 */
export async function workerdOrigin(server) {
  let ports;
  try {
    ports = listeningPorts(processesOf(server.pid)).filter((port) => port !== server.port);
  } catch {
    return undefined;
  }
  for (const port of ports) {
    const origin = `http://127.0.0.1:${port}`;
    try {
      const response = await fetch(`${origin}/api/categories`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) return origin;
    } catch {
      // not an HTTP port of the app
    }
  }
  return undefined;
}
