import { create } from "zustand";

/** Whether the "Choose your shop" dialog is open; its code loads when it first opens. */
export const useShopPicker = create<{ isOpen: boolean; open(): void; close(): void }>()((set) => ({
  isOpen: false,
  open: () => set({ isOpen: true }),
  close: () => set({ isOpen: false }),
}));
