import { type InfiniteData, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import toast from "react-hot-toast";
import { SHOPPER_LIVE_PATH, type OrderProgress, type ShopperOrderMessage } from "#common/live-updates";
import type { Order, OrderListResponse } from "#common/orders";
import { isRecord } from "#web/lib/guards";
import { openLiveSocket } from "#web/lib/live-socket";
import { ordersQueryKey } from "#web/lib/query-keys";
import { notifySessionEnd } from "#web/lib/session-end";
import { useSessionStore } from "#web/lib/session-store";
import { orderHistoryQueryKey } from "./api/list-orders";

/** Said once when the live channel learns that the session ended. */
export const SIGNED_OUT_TOAST = "You are signed out. Sign in again to follow your orders.";

function readProgress(data: unknown): OrderProgress | null {
  if (!isRecord(data) || data.type !== "progress" || !isRecord(data.order)) return null;
  const order = data.order as Partial<OrderProgress>;
  return typeof order.id === "string" && typeof order.status === "string" ? (order as OrderProgress) : null;
}

function applyProgress(order: Order, progress: OrderProgress): Order {
  // An older message never undoes a newer state the page already has.
  if (order.id !== progress.id || progress.updatedAt < order.updatedAt) return order;
  return {
    ...order,
    status: progress.status,
    paymentState: progress.paymentState,
    cancelReason: progress.cancelReason,
    updatedAt: progress.updatedAt,
  };
}

/**
 * Keeps the signed-in shopper's orders on this page current: each change the shop makes
 * arrives over the live channel (only this shopper's own orders; the worker knows whose socket
 * it is from the session) and is written into the cached orders. On every (re)connection the
 * orders are read again, so nothing is missed while offline. When the server closes the socket
 * because the session ended (signed out elsewhere, expired), this browser forgets the session:
 * the page asks to sign in again instead of reconnecting.
 */
export function useLiveOrderProgress(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return openLiveSocket({
      path: SHOPPER_LIVE_PATH,
      onOpen: () => void queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
      onStatus: (status) => {
        if (status !== "signed_out") return;
        useSessionStore.getState().clearUser();
        notifySessionEnd();
        toast.error(SIGNED_OUT_TOAST, { id: SIGNED_OUT_TOAST });
      },
      onMessage: (data) => {
        const progress = readProgress(data as ShopperOrderMessage);
        if (!progress) return;
        queryClient.setQueryData<InfiniteData<OrderListResponse>>(orderHistoryQueryKey, (history) =>
          history
            ? {
                ...history,
                pages: history.pages.map((page) => ({
                  ...page,
                  orders: page.orders.map((order) => applyProgress(order, progress)),
                })),
              }
            : history,
        );
        queryClient.setQueryData<Order>(
          [...ordersQueryKey, progress.id],
          (order) => order && applyProgress(order, progress),
        );
        // A new order (paid while this page was open) is not in the list yet: read it.
        const history = queryClient.getQueryData<InfiniteData<OrderListResponse>>(orderHistoryQueryKey);
        if (history && !history.pages.some((page) => page.orders.some((order) => order.id === progress.id)))
          void queryClient.invalidateQueries({ queryKey: orderHistoryQueryKey, exact: true });
      },
    });
  }, [enabled, queryClient]);
}
