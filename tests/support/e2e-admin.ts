// A superuser client for browser journeys that need to arrange or inspect data.
import PocketBase from 'pocketbase';

export async function superuserClient(): Promise<PocketBase> {
  const url = process.env.E2E_BASE_URL;
  const email = process.env.E2E_SUPERUSER_EMAIL;
  const password = process.env.E2E_SUPERUSER_PASSWORD;
  if (!url || !email || !password) throw new Error('E2E server env is missing: run through playwright test');
  const client = new PocketBase(url);
  client.autoCancellation(false);
  await client.collection('_superusers').authWithPassword(email, password);
  return client;
}
