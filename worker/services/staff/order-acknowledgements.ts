/**
 * "Seen" on a board: the new orders its person saw are acknowledged for the whole shop (every
 * board of the location drops their alert, and a reload does not raise it again). The orders room
 * writes it (worker/services/orders/acknowledgements.ts); this scopes it to the person's location.
 */
import type { StaffMembership } from "#common/staff";
import type { Database } from "#worker/db/client";
import { acknowledgeNewOrders, type AcknowledgedOrders } from "#worker/services/orders/acknowledgements";

export function acknowledgeOrdersAtCounter(input: {
  db: Database;
  staff: StaffMembership;
  staffUserId: string;
  orderIds: readonly string[];
}): Promise<AcknowledgedOrders> {
  return acknowledgeNewOrders(input.db, {
    locationId: input.staff.locationId,
    staffUserId: input.staffUserId,
    orderIds: input.orderIds,
  });
}
