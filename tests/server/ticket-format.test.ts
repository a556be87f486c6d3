// The ticket format on both sides (the server's pb_hooks/lib/tickets/ticket.js,
// loaded the way the hooks load them, against the app's
// src/lib/ticket.ts), and the migration that gave rows stored before tickets
// existed their codes, on a PocketBase of its own.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isTicketCode as appIsTicketCode, parseTicketPayload as appParse, ticketPayload as appPayload, TICKET_CODE_ALPHABET } from '@/lib/ticket';
import { hooksDir, migrationsDir, pocketbaseBin } from '../../scripts/lib/paths.mjs';
import { freePort, startPocketBase, upsertSuperuser } from '../../scripts/lib/pocketbase-process.mjs';
import { loadHookModule } from '../support/hook-module';
import { unique } from './helpers';
import { CODE_PATTERN } from './ticket-helpers';

interface HookTicket {
  TICKET_PREFIX: string;
  CODE_ALPHABET: string;
  CODE_LENGTH: number;
  ticketPayload: (eventId: string, code: string) => string;
  parseTicketPayload: (text: unknown) => unknown;
  isTicketCode: (code: unknown) => boolean;
  newTicketCode: () => string;
}

const hookTicket = loadHookModule<HookTicket>('tickets/ticket');

describe('the ticket format on both sides', () => {
  const EVENT = 'abc123def456ghi';
  const CODE = 'abcdefghijkmnpqrstuvwxyz23';

  it('the server and the app write and read the same payload', () => {
    expect(hookTicket.TICKET_PREFIX).toBe('AICM1');
    expect(hookTicket.CODE_ALPHABET).toBe(TICKET_CODE_ALPHABET);
    expect(hookTicket.ticketPayload(EVENT, CODE)).toBe(appPayload(EVENT, CODE));
    const samples: unknown[] = [
      appPayload(EVENT, CODE), ` ${appPayload(EVENT, CODE)}\n`, '', null, 'hello', `AICM1:${EVENT}`, `AICM1:${EVENT}:${CODE}x`,
      `AICM1:${EVENT.toUpperCase()}:${CODE}`, `AICM2:${EVENT}:${CODE}`, `AICM1:${EVENT}:${CODE}:more`, 'x'.repeat(500),
    ];
    for (const sample of samples) {
      expect(JSON.parse(JSON.stringify(hookTicket.parseTicketPayload(sample)))).toEqual(appParse(sample));
      expect(hookTicket.isTicketCode(sample)).toBe(appIsTicketCode(sample));
    }
  });

  it('codes come from PocketBase\'s random generator over the alphabet, 26 long', () => {
    const calls: [number, string][] = [];
    const withRandom = loadHookModule<HookTicket>('tickets/ticket', {
      $security: { randomStringWithAlphabet: (length: number, alphabet: string) => (calls.push([length, alphabet]), 'x') },
    });
    withRandom.newTicketCode();
    expect(calls).toEqual([[26, TICKET_CODE_ALPHABET]]);
  });
});

describe('rows stored before tickets existed', () => {
  it('get a code from the migration: confirmed and observers, not the waitlist', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'masterclass-tickets-migration-'));
    const dataDir = path.join(work, 'data');
    const before = path.join(work, 'migrations');
    cpSync(migrationsDir, before, { recursive: true });
    for (const file of readdirSync(before)) if (file >= '1750001900') rmSync(path.join(before, file));
    // three rows of the seeded event, written before the tickets migration
    writeFileSync(path.join(before, '1750001899_rows_before_tickets.js'), `migrate((app) => {
  const event = app.findFirstRecordByData("events", "slug", ${JSON.stringify(loadHookModule<{ EVENT_SLUG: string }>('core/constants').EVENT_SLUG)});
  const registration = new Record(app.findCollectionByNameOrId("registrations"));
  registration.load({ event: event.id, kind: "promo", status: "completed", primary_email: "old@example.com", currency: "AUD", total_amount_cents: 0 });
  app.save(registration);
  for (const [email, status] of [["old@example.com", "confirmed"], ["observer@example.com", "confirmed_observer"], ["waiting@example.com", "waitlisted"]]) {
    const row = new Record(app.findCollectionByNameOrId("attendees"));
    row.load({ registration: registration.id, event: event.id, email, full_name: "Old Row", registration_status: status, privacy_consent: true });
    app.save(row);
  }
}, () => {});
`);
    const migrate = (dir: string) => execFileSync(pocketbaseBin, ['migrate', 'up', '--dir', dataDir, '--migrationsDir', dir, '--hooksDir', hooksDir], { stdio: 'pipe' });
    try {
      migrate(before);
      const after = path.join(work, 'migrations-after');
      cpSync(before, after, { recursive: true });
      for (const file of readdirSync(migrationsDir)) if (/^17500019\d\d_/.test(file)) cpSync(path.join(migrationsDir, file), path.join(after, file));
      migrate(after);
      const superuser = { email: 'superuser@test.local', password: unique('pw-') };
      upsertSuperuser({ dataDir, ...superuser });
      const running = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${await freePort()}`, env: { SIMULATED_CHECKOUT: 'on', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' } });
      try {
        const { default: PocketBaseClient } = await import('pocketbase');
        const client = new PocketBaseClient(running.url);
        await client.collection('_superusers').authWithPassword(superuser.email, superuser.password);
        const rows = await client.collection('attendees').getFullList({ sort: 'email' });
        const byEmail = Object.fromEntries(rows.map((row) => [row.email, row.ticket_code]));
        expect(byEmail['old@example.com']).toMatch(CODE_PATTERN);
        expect(byEmail['observer@example.com']).toMatch(CODE_PATTERN);
        expect(byEmail['waiting@example.com']).toBe('');
        expect(byEmail['old@example.com']).not.toBe(byEmail['observer@example.com']);
      } finally {
        await running.stop();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
