/**
 * The add-on groups each drink is offered with (seed/modifiers.sql): its own and its category's,
 * in display order, with their visible options. The add-on tables are a few dozen rows, so they
 * are read whole in one batch rather than by drink (no IN list near D1's bound-value limit).
 */
import { asc, eq } from "drizzle-orm";
import type { ModifierGroup } from "#common/modifiers";
import type { Database } from "#worker/db/client";
import { modifierGroupAttachments, modifierGroups, modifierOptions } from "#worker/db/schema";

export type ModifierGroupsOf = (drink: { id: string; categoryId: string }) => ModifierGroup[];

/** A lookup of each drink's groups, from one read of the add-on tables. */
export async function loadModifierGroups(db: Database): Promise<ModifierGroupsOf> {
  const [attachments, optionRows] = await db.batch([
    db
      .select({
        groupId: modifierGroups.id,
        name: modifierGroups.name,
        minSelected: modifierGroups.minSelected,
        maxSelected: modifierGroups.maxSelected,
        productId: modifierGroupAttachments.productId,
        categoryId: modifierGroupAttachments.categoryId,
      })
      .from(modifierGroupAttachments)
      .innerJoin(modifierGroups, eq(modifierGroups.id, modifierGroupAttachments.groupId))
      .orderBy(asc(modifierGroupAttachments.sortOrder), asc(modifierGroups.name), asc(modifierGroups.id)),
    db
      .select()
      .from(modifierOptions)
      .where(eq(modifierOptions.isHidden, false))
      .orderBy(asc(modifierOptions.sortOrder), asc(modifierOptions.name)),
  ]);
  const optionsByGroup = new Map<string, ModifierGroup["options"]>();
  for (const row of optionRows) {
    const list = optionsByGroup.get(row.groupId) ?? [];
    list.push({ id: row.id, name: row.name, priceCents: row.priceCents, isDefault: row.isDefault });
    optionsByGroup.set(row.groupId, list);
  }
  return (drink) => {
    const groups: ModifierGroup[] = [];
    for (const row of attachments) {
      if (row.productId !== drink.id && row.categoryId !== drink.categoryId) continue;
      if (groups.some((group) => group.id === row.groupId)) continue;
      const options = optionsByGroup.get(row.groupId) ?? [];
      // A group whose options are all hidden has nothing to offer: it is left off the drink.
      if (options.length === 0) continue;
      groups.push({
        id: row.groupId,
        name: row.name,
        minSelected: row.minSelected,
        maxSelected: row.maxSelected,
        options,
      });
    }
    return groups;
  };
}
