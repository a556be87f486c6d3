// Rows as PocketBase returns them (snake_case JSON), one type per synced
// collection, plus the sync bookkeeping rows. `updated` is the server's
// 'YYYY-MM-DD HH:MM:SS.sssZ' stamp; '' on a row created here and not yet pushed.
// `sync_seq` is the server's change sequence at the record's last write: the
// version the device holds (absent on a row created here or stored by an
// older version; 0 = the server's version is not known).

export interface ServerRecord {
  id: string;
  updated: string;
  sync_seq?: number;
  created?: string;
  collectionId?: string;
  collectionName?: string;
  [field: string]: unknown;
}

export type SalesState = 'open' | 'sold_out' | 'closed';

export interface EventRow extends ServerRecord {
  title: string;
  starts_at: string;
  ends_at: string;
  timezone: string;
  location: string;
  venue: string;
  capacity: number;
  price_cents: number;
  currency: string;
  sales_state: SalesState;
  /** When sales open: before it an Open event is scheduled ('' or absent: as the sales state says). */
  sales_open_at?: string;
  portal_unlock_at: string;
  /** The stable key the app finds the masterclass by (absent in rows stored by older versions). */
  slug?: string;
  /** The most attendees one registration may have. */
  max_per_registration?: number;
  /** When an administrator cancelled the whole masterclass ('' or absent: it was not). */
  cancelled_at?: string;
}

export interface SpeakerRow extends ServerRecord {
  /** The masterclass the speaker speaks at. */
  event: string;
  name: string;
  role: string;
  organisation: string;
  bio: string;
  website: string;
  image: string;
  sort: number;
}

export interface MaterialRow extends ServerRecord {
  event: string;
  title: string;
  description: string;
  file: string;
  sort: number;
}

export interface AiUseCaseRow extends ServerRecord {
  title: string;
  description: string;
  industry: string;
  domain: string;
  business_function: string;
  ai_technique: string;
  tags: unknown;
  value_proposition: string;
  adoption_level: '' | 'Emerging' | 'Growing' | 'Mainstream';
  problem_statement: string;
  solution_summary: string;
  challenges_risks: string;
  model_type: string;
  input_data_type: string;
  output_type: string;
}

export type Industry = 'technology' | 'finance' | 'healthcare' | 'education' | 'manufacturing' | 'retail' | 'other';

/** The signed-in user's own `users` record. */
export interface ProfileRow extends ServerRecord {
  email: string;
  verified: boolean;
  full_name: string;
  company: string;
  job_title: string;
  industry: Industry | '';
  linkedin_url: string;
  avatar_url: string;
  /** The uploaded profile photo's file name (served in thumbnails; src/lib/profilePhoto.ts); absent in rows stored by older versions. */
  photo?: string;
  role: 'attendee' | 'administrator';
}

/** The signed-in user's own attendee rows (one per registration). */
export interface AttendeeRow extends ServerRecord {
  registration: string;
  event: string;
  full_name: string;
  email: string;
  company: string;
  job_title: string;
  dietary_requirements: string;
  phone_number: string;
  role: string;
  user: string;
  registration_status: string;
  /** The door ticket of a confirmed attendee (QR code: AICM1:{event}:{ticket_code}, src/lib/ticket.ts); absent in rows stored by older versions. */
  ticket_code?: string;
  /** When the attendee was let in at the door ('' or absent: not checked in). */
  checked_in_at?: string;
  /** Who cancelled a cancelled row ('substitution': the seat was passed to a colleague); absent in rows stored by older versions. */
  cancelled_by?: string;
}

export interface ReadinessAssessmentRow extends ServerRecord {
  owner: string;
  answers: unknown;
  score: number;
  level: string;
  status: 'in_progress' | 'completed';
  completed_at: string;
  /** Dimension id → score 0..100 (set on completion). */
  dimension_scores?: unknown;
  /** Ids of the 30-day plan's actions the user has ticked. */
  plan_done?: unknown;
  /** The question set the answers belong to. */
  framework_version?: number;
}

export interface BusinessCaseRow extends ServerRecord {
  owner: string;
  title: string;
  problem_statement: string;
  proposed_solution: string;
  expected_benefits: string;
  estimated_cost_cents: number;
  estimated_annual_benefit_cents: number;
  currency: string;
  risks: string;
  timeline: string;
  success_metrics: string;
  status: 'draft' | 'ready';
  // The builder's fields (absent on rows stored by older versions). Amounts in cents.
  opportunity?: string;
  source_use_case?: BusinessCaseSource | null;
  stakeholders?: BusinessCaseStakeholder[] | null;
  one_off_costs?: BusinessCaseCostLine[] | null;
  /** Yearly. */
  running_costs?: BusinessCaseCostLine[] | null;
  hours_saved_per_week?: number;
  hourly_rate_cents?: number;
  /** Yearly, at full ramp. */
  extra_revenue_cents?: number;
  /** Yearly, at full ramp. */
  cost_avoided_cents?: number;
  /** Share of the full yearly benefit reached in years 1, 2 and 3. */
  ramp_up_percent?: number[] | null;
  discount_rate_percent?: number;
  risk_items?: BusinessCaseRisk[] | null;
  milestones?: BusinessCaseMilestone[] | null;
}

export interface BusinessCaseSource {
  kind: 'library' | 'saved';
  id: string;
  title: string;
}

export interface BusinessCaseStakeholder {
  name: string;
  role: string;
  interest: string;
}

export interface BusinessCaseCostLine {
  label: string;
  amount_cents: number;
}

export interface BusinessCaseRisk {
  risk: string;
  mitigation: string;
}

export interface BusinessCaseMilestone {
  title: string;
  /** Months after the start. */
  month: number;
}

export interface SavedUseCaseRow extends ServerRecord {
  owner: string;
  use_case: string;
  title: string;
  notes: string;
  generated: unknown;
}

/** Row type of each synced PocketBase collection, by collection name. */
export interface CollectionRows {
  events: EventRow;
  speakers: SpeakerRow;
  materials: MaterialRow;
  ai_use_cases: AiUseCaseRow;
  users: ProfileRow;
  attendees: AttendeeRow;
  readiness_assessments: ReadinessAssessmentRow;
  business_cases: BusinessCaseRow;
  saved_use_cases: SavedUseCaseRow;
}

export type SyncedCollection = keyof CollectionRows;

/** Collections the signed-in user may write (the rest are read-only to attendees). */
export type WritableCollection = 'users' | 'readiness_assessments' | 'business_cases' | 'saved_use_cases';

export type OutboxOp = 'create' | 'update' | 'delete';

/** One local change waiting to reach the server, pushed in `seq` order. */
export interface OutboxRow {
  seq?: number;
  /** A synced collection, or `check_ins`: a door check-in or undo (src/db/doorData.ts), sent by any administrator signed in. */
  collection: SyncedCollection | 'check_ins';
  recordId: string;
  op: OutboxOp;
  /** Only the changed fields (the whole record for a create). */
  patch: Record<string, unknown>;
  createdAt: string;
  attempts: number;
  /**
   * Of those attempts, how many got no answer before the request's deadline
   * (counted only while attempts is above 0: Retry and a new edit start both afresh).
   */
  unanswered?: number;
  /** When the engine's back-off next retries it (ms since epoch); 0 = at once. */
  nextAttemptAt: number;
  status: 'pending' | 'failed';
  error?: string;
  /** The user signed in when it was made; only that user's engine sends it (absent: made before anyone signed in). */
  owner?: string;
  /**
   * An update's base: the value each patched field had when the user edited it.
   * The server refuses the update (409) when it changed one of them meanwhile;
   * absent = write as sent (a create, or the user chose to keep their version).
   */
  base?: Record<string, unknown>;
  /**
   * An update's versions: per patched field, the `sync_seq` of the server's
   * version the device held when the user changed that field (an earlier
   * waiting change's version for a field it also changes; after that change
   * is sent, the version the server gave it). The server refuses the update
   * (409) when the field changed after it, even back to the same value; sent
   * beside `base`, which older servers read. Absent like `base`.
   */
  versions?: Record<string, number>;
  /** Fields the server refused as changed on both sides; the user keeps theirs or takes the server's. */
  conflict?: string[];
}

/**
 * A search index kept on the device beside the rows it was built from, so a
 * page load reads it instead of building it again (the use case library's,
 * src/features/use-cases/keptIndex.ts). `state` is the index's own data, as
 * the feature that built it lays it out; `versions` the id → updated of each
 * row it holds.
 */
export interface KeptIndexRow {
  key: string;
  /** How the index was built (its fields, options and layout): another version is not read. */
  format: string;
  state: unknown;
  versions: Map<string, string>;
  /** How long building it took, where it was built, and when (ms since epoch). */
  buildMs: number;
  builtAt: number;
}

/** Sync bookkeeping: pull checkpoints, last sync time, whose data this is. */
export interface MetaRow {
  key: string;
  value: string;
}
