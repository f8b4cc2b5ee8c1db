#!/usr/bin/env node
// Runs after `npm install`. The tools need Node 22; an install run by an older Node still sets
// everything up (the `node` dev dependency puts Node 22 first on every npm script's PATH), and
// this one line says so instead of npm's warning per package (.npmrc keeps those quiet; see
// docs/decisions/0013). `node` here is already the installed Node 22: npm's own is in the
// user agent.
const npmNode = /\bnode\/v(\d+)(\.\S+)/.exec(process.env.npm_config_user_agent ?? "");
if (npmNode && Number(npmNode[1]) < 22) {
  console.log(
    `Node ${npmNode[1]}${npmNode[2]} ran this install; the project's scripts run on the Node ${process.versions.node} it installed (README, "Run it").`,
  );
}
