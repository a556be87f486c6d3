// The app's toasts (spec section 8): success, non-destructive warning, or
// destructive, each with its own colour and icon.
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';

export type ToastKind = 'success' | 'warning' | 'error';

export interface Toast {
  title?: string;
  message: string;
}

const looks = {
  success: { color: 'teal', icon: <IconCheck size={18} /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={18} /> },
  error: { color: 'red', icon: <IconX size={18} /> },
} as const;

/** Success goes quickly; a warning or an error stays long enough to read. */
const AUTO_CLOSE_MS: Record<ToastKind, number> = { success: 5000, warning: 8000, error: 8000 };

export function showToast(kind: ToastKind, toast: Toast, autoClose = AUTO_CLOSE_MS[kind]): void {
  if (kind === 'error') console.error(toast.title ?? toast.message, toast.title ? toast.message : '');
  notifications.show({ ...looks[kind], ...toast, autoClose });
}
