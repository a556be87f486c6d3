// The older way to show a notice. New code calls notify() with a topic; this
// keeps callers that have none working: each of their notices is its own topic
// (its title, or its message), so the same notice never stacks.
import { notify, type Toast, type ToastKind } from './notify';

export type { Toast, ToastKind } from './notify';

/** @deprecated Call notify({ topic, kind, ...toast }) so a success replaces its error. */
export function showToast(kind: ToastKind, toast: Toast, autoClose?: number): void {
  notify({ topic: toast.title ?? toast.message, kind, ...toast, autoClose });
}
