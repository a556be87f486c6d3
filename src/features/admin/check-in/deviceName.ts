// The name this door device goes by ('North door', 'Kiosk 2'), asked once and
// kept on the device (local storage), so every check-in says where it was made.
import { useSyncExternalStore } from 'react';

export const DEVICE_NAME_KEY = 'door_device_name';
export const DEVICE_NAME_MAX = 60;
const CHANGED = 'door-device-name-changed';

export function readDeviceName(): string {
  try {
    return window.localStorage.getItem(DEVICE_NAME_KEY)?.trim() ?? '';
  } catch {
    return '';
  }
}

/** Stores the name ('' clears it); a name over 60 characters is cut. */
export function writeDeviceName(name: string): void {
  const value = name.trim().slice(0, DEVICE_NAME_MAX);
  try {
    if (value) window.localStorage.setItem(DEVICE_NAME_KEY, value);
    else window.localStorage.removeItem(DEVICE_NAME_KEY);
  } catch {
    // Storage off: the name lasts for this page only.
    memory = value;
  }
  window.dispatchEvent(new Event(CHANGED));
}

let memory = '';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useDeviceName(): string {
  return useSyncExternalStore(subscribe, () => readDeviceName() || memory, () => '');
}
