// The development superuser and in-app administrator: created once with random
// passwords, written to <data dir>/dev-credentials.json, printed on every
// development start. Production makes none and removes a file left there.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { upsertSuperuser } from './pocketbase-process.mjs';

const SUPERUSER_EMAIL = 'superuser@aichampions.test';
const ADMINISTRATOR_EMAIL = 'admin@aichampions.test';

const credentialsFile = (dataDir) => path.join(dataDir, 'dev-credentials.json');
const newPassword = () => randomBytes(12).toString('base64url');

/** Returns the stored credentials, creating the superuser (offline, before serve) on the first run. */
export function ensureSuperuser(dataDir) {
  const file = credentialsFile(dataDir);
  if (existsSync(file)) return { credentials: JSON.parse(readFileSync(file, 'utf8')), created: false };
  mkdirSync(dataDir, { recursive: true });
  const credentials = {
    superuser: { email: SUPERUSER_EMAIL, password: newPassword() },
    administrator: { email: ADMINISTRATOR_EMAIL, password: newPassword() },
  };
  upsertSuperuser({ dataDir, ...credentials.superuser });
  return { credentials, created: true };
}

/** Creates the in-app administrator through the running server, then stores the file. */
export async function ensureAdministrator(url, dataDir, credentials) {
  const auth = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: credentials.superuser.email, password: credentials.superuser.password }),
  });
  if (!auth.ok) throw new Error(`Superuser sign-in failed: ${auth.status} ${await auth.text()}`);
  const { token } = await auth.json();
  const { email, password } = credentials.administrator;
  const create = await fetch(`${url}/api/collections/users/records`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({
      email, password, passwordConfirm: password, verified: true, emailVisibility: true,
      full_name: 'Event Administrator', company: 'AI Champions', role: 'administrator',
    }),
  });
  if (!create.ok) throw new Error(`Creating the administrator failed: ${create.status} ${await create.text()}`);
  writeFileSync(credentialsFile(dataDir), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}

/**
 * Production keeps no password file: a dev-credentials.json left from a
 * development start is deleted (never read out or refreshed). Returns what to
 * tell the operator, "" when there was none.
 */
export function forgetCredentialsInProduction(dataDir) {
  const file = credentialsFile(dataDir);
  if (!existsSync(file)) return '';
  let emails = [SUPERUSER_EMAIL, ADMINISTRATOR_EMAIL];
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    emails = [stored.superuser?.email, stored.administrator?.email].filter(Boolean);
  } catch {
    // unreadable: name the usual accounts
  }
  rmSync(file, { force: true });
  return `
  Removed ${file}: production keeps no password file. The development accounts it named
  (${emails.join(', ')}) may still exist in this data directory: delete them in the dashboard,
  or give them new passwords there, before going live.
`;
}

/** @param {(text: string) => void} print */
export function printCredentials(print, url, dataDir, credentials) {
  print(`
  AI Champions Masterclass is running at ${url}
  PocketBase dashboard: ${url}/_/

  Development superuser (dashboard):   ${credentials.superuser.email}  /  ${credentials.superuser.password}
  In-app administrator (/auth, /admin): ${credentials.administrator.email}  /  ${credentials.administrator.password}
  (stored in ${credentialsFile(dataDir)})

  Press Ctrl-C to stop.
`);
}
