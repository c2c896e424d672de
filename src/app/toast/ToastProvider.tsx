// Toasts (docs/design.md, "Components"): at most one at a time (a new one replaces the old), gone
// after about 5 seconds (10 with an action button such as Undo), errors titled "Error". The Radix toaster is loaded on its own, after the
// page is idle, so it is not part of the first load.
import {
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ActiveToast, ToastOptions, ToastVariant } from './toast-model';

export type { ToastOptions, ToastVariant };

const DEFAULT_TITLES: Partial<Record<ToastVariant, string>> = { destructive: 'Error', success: 'Success' };

interface ToastContextValue {
  toast: (options: ToastOptions) => number;
  dismiss: () => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

const loadToaster = () => import('./Toaster');
const Toaster = lazy(loadToaster);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const lastId = useRef(0);

  const toast = useCallback((options: ToastOptions) => {
    const variant = options.variant ?? 'default';
    const id = ++lastId.current;
    setCurrent({
      id,
      variant,
      title: options.title ?? DEFAULT_TITLES[variant],
      description: options.description,
      action: options.action,
      side: options.side ?? 'end',
      open: true,
    });
    return id;
  }, []);

  const dismiss = useCallback(() => setCurrent((shown) => shown && { ...shown, open: false }), []);

  const onOpenChange = useCallback((id: number, open: boolean) => {
    setCurrent((shown) => (shown && shown.id === id ? { ...shown, open } : shown));
  }, []);

  // Fetch the toaster's code once the page is idle, so the first toast appears without delay.
  useEffect(() => {
    const load = () => void loadToaster();
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(load, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(load, 2000); // Safari has no requestIdleCallback
    return () => window.clearTimeout(handle);
  }, []);

  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <Toaster toast={current} onOpenChange={onOpenChange} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastContextValue {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside ToastProvider');
  return context;
}
