import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { noRoomCycle } from "#scripts/lint/no-room-cycle.mjs";

/**
 * No circle between the worker's rooms (scripts/lint/no-room-cycle.mjs): an import that would let a
 * room reach itself again through other rooms is refused, however it is spelled; one that keeps the
 * rooms' order is not. The rooms' graph is today's code on disk.
 */
const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ["**/*.ts"],
      languageOptions: { parser: tseslint.parser },
      plugins: { squeeze: { rules: { "no-room-cycle": noRoomCycle } } },
      rules: { "squeeze/no-room-cycle": "error" },
    },
  ] as ESLint.Options["overrideConfig"],
});

async function circles(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.message);
}

describe("no circle between the worker's rooms", () => {
  it.each([
    // The orders room queues pushes, so the push room may not ask the orders room back.
    ['import { currentOrderStatus } from "#worker/services/orders/status-now";', "worker/services/push/example.ts"],
    ['import type { OrderStatus } from "../orders/status-now";', "worker/services/push/example.ts"],
    ['export { currentOrderStatus } from "#worker/services/orders/status-now";', "worker/services/push/example.ts"],
    // Announcing reaches the staff room through live-access: staff may not call it.
    ['import { announceAfterCommit } from "#worker/services/after-commit/announce";', "worker/services/staff/x.ts"],
    // The shop's answers read the orders room's queue: orders may not read them.
    ['import * as status from "#worker/services/availability/status";', "worker/services/orders/example.ts"],
  ])("refuses %s in %s", async (code, file) => {
    const [message, ...more] = await circles(code, file);
    expect(more).toEqual([]);
    expect(message).toMatch(/^A circle between rooms: /);
  });

  it("names the way back", async () => {
    expect(
      await circles('import { x } from "#worker/services/orders/status-now";', "worker/services/push/example.ts"),
    ).toEqual([
      "A circle between rooms: services/push → services/orders → services/push. Hand the inner room what it needs as an argument instead.",
    ]);
  });

  it.each([
    ['import { queueOrderPush } from "#worker/services/push/queue";', "worker/services/orders/example.ts"],
    ['import { deliverRows } from "../outbox/runner";', "worker/services/push/example.ts"],
    ['import { currentOrderStatus } from "#worker/services/orders/status-now";', "worker/services/after-commit/x.ts"],
    ['import { getDb } from "#worker/db/client";', "worker/services/staff/example.ts"],
  ])("allows %s in %s", async (code, file) => {
    expect(await circles(code, file)).toEqual([]);
  });
});
