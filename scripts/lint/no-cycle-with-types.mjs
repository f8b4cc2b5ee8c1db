/**
 * import-x/no-cycle, type-only imports included. import-x/no-cycle skips `import type` (and has
 * no option to follow it), so two modules that name each other's types form a cycle it never
 * reports; this rule walks the same import graph (import-x's own module reader and resolver)
 * without skipping them. `import-x/no-cycle` stays on for its message on value cycles.
 */
import { ModuleInfo } from "eslint-plugin-import-x/core/index";
import { moduleVisitor } from "eslint-plugin-import-x/utils";

/** Files already walked from the file being linted (reset at its end). */
const traversed = new Set();

/** @type {import("eslint").Rule.RuleModule} */
export const noCycleWithTypes = {
  meta: {
    type: "problem",
    docs: { description: "Forbid import cycles, type-only imports included." },
    schema: [],
    messages: { cycle: 'Import cycle (type-only imports included) via "{{route}}".' },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === "<text>") return {};
    return {
      ...moduleVisitor(
        (sourceNode, importer) => {
          const imported = ModuleInfo.get(sourceNode.value, context);
          if (imported == null || imported.path === filename || traversed.has(imported.path)) return;
          traversed.add(imported.path);
          const untraversed = [{ mget: () => imported, route: [] }];
          const detectCycle = ({ mget, route }) => {
            const module = mget();
            if (module == null) return null;
            for (const [path, { resolve: next, declarations }] of module.getImports()) {
              if (traversed.has(path)) continue;
              const [first] = [...declarations];
              if (!first) continue;
              if (path === filename) return [...route, first.source];
              traversed.add(path);
              untraversed.push({ mget: next, route: [...route, first.source] });
            }
            return null;
          };
          while (untraversed.length > 0) {
            const cycle = detectCycle(untraversed.shift());
            if (cycle) {
              for (const { mget } of untraversed) traversed.delete(mget()?.path);
              context.report({
                node: importer,
                messageId: "cycle",
                data: { route: [sourceNode, ...cycle].map((s) => `${s.value}:${s.loc.start.line}`).join(" => ") },
              });
              return;
            }
          }
        },
        { commonjs: false, esmodule: true },
      ),
      "Program:exit"() {
        traversed.clear();
      },
    };
  },
};
