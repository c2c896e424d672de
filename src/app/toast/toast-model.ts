import type { ToastVariant } from '@/components/ui/toast';

export type { ToastVariant };

/** A button on the toast (Undo after a moderator's decision). */
export interface ToastAction {
  label: string;
  /** How a screen reader is told to do the same without the toast (Radix announces it). */
  altText: string;
  onAction: () => void;
}

/**
 * Which end of the window's foot a toast sits at from 640 px (below, it spans the width): 'end'
 * (right, the default) or 'start' (left), for a screen whose buttons sit at the right, like the
 * Research Hub queue's reports.
 */
export type ToastSide = 'start' | 'end';

export interface ToastOptions {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  side?: ToastSide;
}

/** The one toast on screen; a new id replaces it. */
export interface ActiveToast {
  id: number;
  title?: string;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
  side: ToastSide;
  open: boolean;
}

/** Toasts dismiss themselves after about 5 seconds (docs/design.md, "Components"). */
export const TOAST_DURATION_MS = 5000;
/** One with a button stays twice as long, so there is time to reach it (hovering or focusing it pauses the count). */
export const ACTION_TOAST_DURATION_MS = 10_000;
