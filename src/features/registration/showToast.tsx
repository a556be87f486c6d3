import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';

type ToastKind = 'success' | 'warning' | 'error';

const looks = {
  success: { color: 'teal', icon: <IconCheck size={18} /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={18} /> },
  error: { color: 'red', icon: <IconX size={18} /> },
} as const;

/** The page's toasts: success, non-destructive warning, or destructive (spec section 8). */
export function showToast(kind: ToastKind, toast: { title?: string; message: string }): void {
  if (kind === 'error') console.error(toast.title ?? toast.message, toast.title ? toast.message : '');
  notifications.show({ ...looks[kind], ...toast, autoClose: kind === 'success' ? 5000 : 8000 });
}
