// Focus on a report in the queue, kept clear of the toasts: they sit at the foot of the window
// (src/components/ui/toast.tsx ToastViewport), full width on a phone, and one with Undo stays
// 10 s (src/app/toast/toast-model.ts), so after a decision the report that took the decided
// one's place, with its buttons, must not sit under the toast that says what was done.

/**
 * Where the queue's toasts sit: at the left of the window's foot from 640 px, away from each
 * report's buttons at its right (QueueCard.tsx); on a phone they span the width and
 * revealReport keeps the report in focus above them.
 */
export const QUEUE_TOAST_SIDE = 'start' as const;

/** The toasts' region (Radix names it "Notifications (F8)"). */
export const TOAST_REGION = '[role="region"][aria-label^="Notifications"]';

/** Room kept below a report when no toast is up yet: a toast of three lines with its Undo button, at 360 px. */
const TOAST_ROOM_PX = 144;
/** A toast slides in from 0.5rem below its place (tailwind.config.ts, "toast-in"). */
const SLIDE_PX = 8;

/** The height from the window's foot that the toasts cover now, at least TOAST_ROOM_PX. */
function toastRoom(): number {
  const tops = [...document.querySelectorAll(`${TOAST_REGION} li`)]
    .map((toast) => toast.getBoundingClientRect().top)
    .filter((top) => top > 0 && top < window.innerHeight);
  return Math.max(TOAST_ROOM_PX, ...tops.map((top) => window.innerHeight - top + SLIDE_PX));
}

/**
 * Focuses `el` and scrolls it the least that shows it whole above the toasts (and below the
 * sticky bulk bar: the item's scroll-mt). A report taller than the room left shows its start.
 */
export function revealReport(el: HTMLElement) {
  el.style.scrollMarginBottom = `${toastRoom()}px`;
  el.focus({ preventScroll: true });
  el.scrollIntoView?.({ block: 'nearest' }); // jsdom (the web tests) has none
}
