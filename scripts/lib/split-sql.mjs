// Splits a .sql file into the statements D1 runs one by one, as `wrangler d1 execute --file`
// does: a `;` ends a statement unless it is inside a string, a quoted name, a comment or a
// trigger's BEGIN … END. (Wrangler's own splitter is only reachable by loading all of
// wrangler, which would double the first start; see docs/decisions/0013.)

/** @param {string} sql @returns {string[]} */
export function splitSql(sql) {
  const statements = [];
  let current = "";
  let inTrigger = false;
  let index = 0;
  const closing = { "'": "'", '"': '"', "`": "`", "[": "]" };
  while (index < sql.length) {
    const char = sql[index];
    const next = sql[index + 1];
    if (char === "-" && next === "-") {
      const end = sql.indexOf("\n", index);
      index = end === -1 ? sql.length : end + 1;
      current += "\n";
      continue;
    }
    if (char === "/" && next === "*") {
      const end = sql.indexOf("*/", index + 2);
      index = end === -1 ? sql.length : end + 2;
      current += " ";
      continue;
    }
    if (char in closing) {
      let end = index + 1;
      for (;;) {
        end = sql.indexOf(closing[char], end);
        if (end === -1) {
          end = sql.length;
          break;
        }
        // A quote written twice is the quote itself.
        if (char !== "[" && sql[end + 1] === char) {
          end += 2;
          continue;
        }
        end += 1;
        break;
      }
      current += sql.slice(index, end);
      index = end;
      continue;
    }
    if (char === ";") {
      const words = current.trim().split(/\s+/);
      if (!inTrigger && /^CREATE$/i.test(words[0] ?? "") && words.slice(1, 4).some((word) => /^TRIGGER$/i.test(word))) {
        inTrigger = true;
      }
      if (!inTrigger || /^END$/i.test(words.at(-1) ?? "")) {
        if (current.trim()) statements.push(current.trim());
        current = "";
        inTrigger = false;
      } else {
        current += char;
      }
      index += 1;
      continue;
    }
    current += char;
    index += 1;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
