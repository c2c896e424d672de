// The queue's keyboard shortcuts, as in the moderation queues of Reddit or Gmail: one key per
// step, no modifier. They stay out of the way: nothing fires while a text field, a select or a
// dialog has the keys, or with Ctrl, Alt or Meta held (the browser's and the screen reader's own
// shortcuts), and Tab still reaches every report and button.
import { useEffect, useRef } from 'react';
import { KEEP_PUBLISHED_LABEL } from '@contract/moderation';

/** What each key does (the legend in KeyLegend.tsx lists them in this order). */
export const QUEUE_KEYS = [
  { keys: ['j', 'k'], does: 'Next or previous report' },
  {
    keys: ['p'],
    does: `Publish (or restore) the report in focus, or the selected ones; on a published report with flags: ${KEEP_PUBLISHED_LABEL}`,
  },
  { keys: ['h'], does: 'Hide: asks for the reason' },
  { keys: ['x'], does: 'Select the report in focus' },
  { keys: ['o', 'Enter'], does: 'Show or hide its details' },
  { keys: ['u'], does: 'Undo your last decision' },
  { keys: ['?'], does: 'Show or hide this list' },
] as const;

export type QueueKey = 'next' | 'previous' | 'publish' | 'hide' | 'select' | 'details' | 'undo' | 'legend';
const BY_KEY: Record<string, QueueKey> = {
  j: 'next',
  k: 'previous',
  p: 'publish',
  h: 'hide',
  x: 'select',
  o: 'details',
  u: 'undo',
  '?': 'legend',
};

// Inputs where a letter is text; a checkbox, radio or button takes no letters and lets them pass.
const TEXT_INPUTS = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/** The keys belong to what has focus: a field being typed in, or an open dialog. */
export function keysBelongElsewhere(target: EventTarget | null): boolean {
  if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return true;
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type);
}

/**
 * Calls `onKey` for a shortcut pressed anywhere on the page while `enabled`. Enter counts as
 * "details" only on a report itself (on a button or link it keeps its own meaning).
 */
export function useQueueKeys(enabled: boolean, onKey: (key: QueueKey, event: KeyboardEvent) => void) {
  const handler = useRef(onKey);
  useEffect(() => {
    handler.current = onKey;
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
      if (keysBelongElsewhere(event.target)) return;
      const onItem = event.target instanceof HTMLElement && event.target.dataset.queueItem !== undefined;
      const key = event.key === 'Enter' ? (onItem ? 'details' : undefined) : BY_KEY[event.key];
      if (!key) return;
      event.preventDefault();
      handler.current(key, event);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
}
