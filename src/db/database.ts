// The device's copy of the user's data. Screens read these tables; only the
// sync engine and queueChange write them.
import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type { CheckInRow, DoorAttendeeRow, DoorRosterRow } from './checkInTypes';
import type {
  AiUseCaseRow, AttendeeRow, BusinessCaseRow, EventRow, KeptIndexRow, MaterialRow, MetaRow, OutboxRow, ProfileRow,
  ReadinessAssessmentRow, SavedUseCaseRow, SpeakerRow,
} from './types';

export class MasterclassDb extends Dexie {
  events!: EntityTable<EventRow, 'id'>;
  speakers!: EntityTable<SpeakerRow, 'id'>;
  materials!: EntityTable<MaterialRow, 'id'>;
  aiUseCases!: EntityTable<AiUseCaseRow, 'id'>;
  profiles!: EntityTable<ProfileRow, 'id'>;
  attendees!: EntityTable<AttendeeRow, 'id'>;
  readinessAssessments!: EntityTable<ReadinessAssessmentRow, 'id'>;
  businessCases!: EntityTable<BusinessCaseRow, 'id'>;
  savedUseCases!: EntityTable<SavedUseCaseRow, 'id'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;
  keptIndexes!: EntityTable<KeptIndexRow, 'key'>;
  doorRosters!: EntityTable<DoorRosterRow, 'event'>;
  doorAttendees!: EntityTable<DoorAttendeeRow, 'id'>;
  checkIns!: EntityTable<CheckInRow, 'id'>;

  /** `options` lets tests hand in fake-indexeddb so each gets a fresh database. */
  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
      // Every synced table: id = the PocketBase record id (primary key),
      // updated = the server stamp the pull compares to skip unchanged rows.
      events: 'id, updated',
      // sort = display order on the speakers list.
      speakers: 'id, updated, sort',
      // event = materials of one event; sort = display order.
      materials: 'id, updated, event, sort',
      // industry = the library's industry filter.
      aiUseCases: 'id, updated, industry',
      profiles: 'id, updated',
      // user = the attendee rows of the signed-in user.
      attendees: 'id, updated, user',
      // owner = the tool records of one user.
      readinessAssessments: 'id, updated, owner',
      businessCases: 'id, updated, owner',
      // use_case = "is this library use case already saved?".
      savedUseCases: 'id, updated, owner, use_case',
      // seq = FIFO push order; [collection+recordId] = pending changes of one
      // record (kept on top of a pulled version); status = pending/failed counts.
      outbox: '++seq, [collection+recordId], status',
      // key = 'checkpoint:<collection>' (from version 5; 'cursor:<collection>' before), 'lastSyncedAt', 'userId'.
      meta: 'key',
    });
    // The library is searched and filtered in memory (its search index), never
    // through IndexedDB indexes; keeping them made every stored use case cost
    // index writes and a read of the row it replaces.
    this.version(2).stores({ aiUseCases: 'id' });
    // The library's search index, kept beside its rows so it is not built again on every page load.
    this.version(3).stores({ keptIndexes: 'key' });
    // The door (/admin/check-in): each masterclass's attendee list kept on the
    // device (event = one masterclass's list) and the check-ins (pending = not
    // yet confirmed by the server).
    this.version(4).stores({ doorRosters: 'event', doorAttendees: 'id, event', checkIns: 'id, event, attendee, pending' });
    // The pull by the server's change sequence (checkpoint:<collection>) replaces the clock
    // cursors: they are dropped, every row and the outbox stay. A table holding rows but no
    // checkpoint is then pulled from the start like a reset (src/sync/pullCollection.ts).
    this.version(5).stores({}).upgrade(async (tx) => {
      await tx.table('meta').filter((row: MetaRow) => row.key.startsWith('cursor:') || row.key.startsWith('readAt:')).delete();
    });
    // The door's "N of M expected" counted by the store itself (an index count), so the door shows
    // its counts without reading its 10,000 rows first.
    this.version(6).stores({ doorAttendees: 'id, event, [event+registration_status]' });
  }
}
