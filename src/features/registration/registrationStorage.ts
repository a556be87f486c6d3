// The registration page's browser storage (spec section 3 "Local browser storage").
// Storage can be unavailable or hold anything; a bad value reads as absent.
import { StorageKeys } from '@/lib/storageKeys';
import type { UtmParams } from '@/lib/utm';
import type { RequestAttendee } from './registrationApi';

/** Kept while the buyer is at checkout, so a cancelled payment gets the form back. */
export interface RegistrationData {
  registrationId: string;
  attendees: RequestAttendee[];
  /** True when the checkout is the in-app simulated one (no payment provider configured). */
  testMode: boolean;
  attendeeIds: string[];
  privacyConsent: boolean;
  marketingConsent: boolean;
  utmParams: UtmParams;
}

/** Written by the landing page's waitlist shortcut form. */
export interface WaitlistPrefill {
  fullName: string;
  email: string;
  company: string;
}

const defaultStorage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

function readJson(key: string, storage: Storage | null): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown, storage: Storage | null): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not store ${key}`, error);
  }
}

function removeKey(key: string, storage: Storage | null): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function saveRegistrationData(data: RegistrationData, storage = defaultStorage()): void {
  writeJson(StorageKeys.registrationData, data, storage);
}

export function readRegistrationData(storage = defaultStorage()): RegistrationData | null {
  const value = readJson(StorageKeys.registrationData, storage);
  if (!isRecord(value) || typeof value.registrationId !== 'string' || !Array.isArray(value.attendees)) return null;
  return value as unknown as RegistrationData;
}

export function removeRegistrationData(storage = defaultStorage()): void {
  removeKey(StorageKeys.registrationData, storage);
}

export function readWaitlistPrefill(storage = defaultStorage()): WaitlistPrefill | null {
  const value = readJson(StorageKeys.waitlistData, storage);
  if (!isRecord(value) || value.isWaitlist !== true) return null;
  return { fullName: text(value.fullName), email: text(value.email), company: text(value.company) };
}

export function removeWaitlistData(storage = defaultStorage()): void {
  removeKey(StorageKeys.waitlistData, storage);
}

export function readProcessedSessions(storage = defaultStorage()): string[] {
  const value = readJson(StorageKeys.processedStripeSessions, storage);
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

export function markSessionProcessed(sessionId: string, storage = defaultStorage()): void {
  const processed = readProcessedSessions(storage);
  if (!processed.includes(sessionId)) writeJson(StorageKeys.processedStripeSessions, [...processed, sessionId], storage);
}
