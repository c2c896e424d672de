import * as TabsPrimitive from '@radix-ui/react-tabs';
import { createContext, useContext, useEffect, useId, useRef, useState, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

// Radix tabs for the tab list: arrow-key navigation, roving focus and the tab role come with it.
// The panels are our own: Radix's mount through its Presence helper, whose ref sets state while
// React commits. That forces a synchronous re-render, and a synchronous run of every pending
// effect of the page, into the same task (measured at 100+ ms on a slow phone when the page
// hydrates). Our panels have no exit animation, so a plain element with the same roles will do.

/** The selected value and the ids that tie each tab to its panel. */
const TabsState = createContext<{
  value: string | undefined;
  idOf: (part: 'tab' | 'panel', value: string) => string;
} | null>(null);

function useTabsState(component: string) {
  const state = useContext(TabsState);
  if (!state) throw new Error(`${component} must be inside <Tabs>`);
  return state;
}

export function Tabs({ value, defaultValue, onValueChange, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const selected = value ?? uncontrolled;
  const baseId = useId();
  const change = (next: string) => {
    if (value === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };
  return (
    <TabsState value={{ value: selected, idOf: (part, v) => `${baseId}${part}-${v}` }}>
      <TabsPrimitive.Root value={selected} onValueChange={change} {...props} />
    </TabsState>
  );
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      // One row that scrolls sideways on a phone (wrapping stacked the tabs on two or three rows).
      className={cn(
        'flex w-full max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground sm:inline-flex sm:w-auto sm:flex-wrap',
        className,
      )}
      {...props}
    />
  );
}

/**
 * Scrolls the tab strip sideways, and only it, until `tab` is wholly in view. Not scrollIntoView:
 * that also scrolls the page to the strip, which must not move when a page opens.
 */
function revealInStrip(tab: HTMLElement) {
  const strip = tab.closest<HTMLElement>('[role="tablist"]');
  if (!strip || strip.scrollWidth <= strip.clientWidth) return;
  const s = strip.getBoundingClientRect();
  const t = tab.getBoundingClientRect();
  // Room for the focus outline (2 px, offset 2 px) beside the tab.
  const margin = 8;
  if (t.left < s.left + margin) strip.scrollLeft -= s.left + margin - t.left;
  else if (t.right > s.right - margin) strip.scrollLeft += t.right - (s.right - margin);
}

export function TabsTrigger({ className, value, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  const { idOf, value: selectedValue } = useTabsState('TabsTrigger');
  const ref = useRef<HTMLButtonElement>(null);
  const selected = selectedValue === value;
  // On a phone the strip scrolls sideways: the selected tab is brought into it when the page
  // opens on it and whenever it changes (by the address, Back, or a key), never left out of view.
  useEffect(() => {
    if (selected && ref.current) revealInStrip(ref.current);
  }, [selected]);
  return (
    <TabsPrimitive.Trigger
      ref={ref}
      value={value}
      id={idOf('tab', value)}
      aria-controls={idOf('panel', value)}
      className={cn(
        'inline-flex min-h-8 shrink-0 items-center justify-center whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-colors duration-150',
        'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60',
        'data-[state=active]:bg-card data-[state=active]:text-primary-strong data-[state=active]:shadow-xs',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A tab's panel: its content is mounted only while its tab is selected, unless `forceMount`
 * keeps it mounted (state kept while another tab shows; hide it with `data-[state=inactive]`).
 */
export function TabsContent({
  className,
  value,
  forceMount,
  children,
  ...props
}: ComponentProps<'div'> & { value: string; forceMount?: boolean }) {
  const state = useTabsState('TabsContent');
  const selected = state.value === value;
  const mounted = selected || forceMount === true;
  return (
    <div
      role="tabpanel"
      id={state.idOf('panel', value)}
      aria-labelledby={state.idOf('tab', value)}
      data-state={selected ? 'active' : 'inactive'}
      hidden={!mounted}
      tabIndex={0}
      className={cn(
        'mt-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    >
      {mounted && children}
    </div>
  );
}
