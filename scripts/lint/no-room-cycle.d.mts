import type { Rule } from "eslint";
export const noRoomCycle: Rule.RuleModule;
