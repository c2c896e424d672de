import type { ToastVariant } from '@/components/ui/toast';

export type { ToastVariant };

export interface ToastOptions {
  title?: string;
  description?: string;
  variant?: ToastVariant;
}

/** The one toast on screen; a new id replaces it. */
export interface ActiveToast {
  id: number;
  title?: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

/** Toasts dismiss themselves after about 5 seconds (docs/design.md, "Components"). */
export const TOAST_DURATION_MS = 5000;
