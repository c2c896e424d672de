import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '@/components/ui/toast';
import { ACTION_TOAST_DURATION_MS, type ActiveToast, TOAST_DURATION_MS } from './toast-model';

/** Renders the one current toast; a new id remounts it, replacing the previous one at once. */
export default function Toaster({
  toast,
  onOpenChange,
}: {
  toast: ActiveToast;
  onOpenChange: (id: number, open: boolean) => void;
}) {
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right">
      <Toast
        key={toast.id}
        variant={toast.variant}
        open={toast.open}
        onOpenChange={(open) => onOpenChange(toast.id, open)}
        // Errors interrupt assistive technology; other news waits its turn.
        type={toast.variant === 'destructive' ? 'foreground' : 'background'}
        duration={toast.action ? ACTION_TOAST_DURATION_MS : TOAST_DURATION_MS}
      >
        <div className="grid gap-1">
          {toast.title && <ToastTitle>{toast.title}</ToastTitle>}
          {toast.description && <ToastDescription>{toast.description}</ToastDescription>}
        </div>
        {toast.action && (
          <ToastAction altText={toast.action.altText} onClick={toast.action.onAction} className="self-center">
            {toast.action.label}
          </ToastAction>
        )}
        <ToastClose />
      </Toast>
      <ToastViewport className={toast.side === 'start' ? 'sm:left-0 sm:right-auto' : undefined} />
    </ToastProvider>
  );
}
