import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import type { Toast } from './authMessages';

type ToastKind = 'success' | 'warning' | 'error';

const looks = {
  success: { color: 'teal', icon: <IconCheck size={18} /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={18} /> },
  error: { color: 'red', icon: <IconX size={18} /> },
} as const;

/** The auth pages' toasts: success, warning, or destructive (spec section 8). */
export function showAuthToast(kind: ToastKind, toast: Toast): void {
  if (kind === 'error') console.error(toast.title, toast.message);
  notifications.show({ ...looks[kind], ...toast, autoClose: kind === 'success' ? 4000 : 8000 });
}
