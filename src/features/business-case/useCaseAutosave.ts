// Autosave for the builder. Every keystroke is kept at once in local storage
// (a reload, a closed tab or a crash brings it back, bad input included);
// 600 ms after typing stops, the fields that can be saved and changed are
// queued through the outbox. Fields the user is not editing follow the
// stored row, so an edit from another device shows up without being undone.
// A new case is stored only on its first real input (a field that differs
// from what it started with): opening the builder and leaving stores nothing.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from '@mantine/form';
import { db, type BusinessCaseRow } from '@/db';
import { clearDraft, isRecord, readDraft, writeDraft } from '@/pwa/formDrafts';
import { createCase, saveCaseFields } from './caseActions';
import { CASE_FIELDS, readCaseFields, type CaseField, type CaseFields } from './caseFields';
import { caseFormValues, readForm, type CaseFormValues } from './caseForm';

export const AUTOSAVE_DELAY_MS = 600;

/** The form input that holds each stored field. */
const FORM_KEY: Record<CaseField, keyof CaseFormValues> = {
  title: 'title', problem_statement: 'problem_statement', opportunity: 'opportunity', proposed_solution: 'proposed_solution',
  expected_benefits: 'expected_benefits', timeline: 'timeline', success_metrics: 'success_metrics', source_use_case: 'source_use_case',
  stakeholders: 'stakeholders', one_off_costs: 'one_off_costs', running_costs: 'running_costs', hours_saved_per_week: 'hours_saved_per_week',
  hourly_rate_cents: 'hourly_rate', extra_revenue_cents: 'extra_revenue', cost_avoided_cents: 'cost_avoided', ramp_up_percent: 'ramp_up',
  discount_rate_percent: 'discount_rate', risk_items: 'risk_items', milestones: 'milestones',
};

const draftName = (caseId: string) => `business-case:${caseId}`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function readCaseDraft(caseId: string, owner: string): CaseFormValues | null {
  const stored = readDraft(draftName(caseId), isRecord);
  if (!stored || stored.owner !== owner || !isRecord(stored.values)) return null;
  // Only a draft of the form's own shape is used; anything else reads as no draft.
  const values = stored.values as unknown as CaseFormValues;
  const shape = caseFormValues(readCaseFields({}));
  const fits = Object.keys(shape).every((key) => key in values && Array.isArray(shape[key as keyof CaseFormValues]) === Array.isArray(values[key as keyof CaseFormValues]));
  return fits ? values : null;
}

/** 'unsaved': a new case nobody has typed into yet, stored nowhere. */
export type SaveState = 'unsaved' | 'saved' | 'waiting' | 'failed';

export interface AutosaveOptions {
  /** False for a new case not stored yet (unsavedCaseRow). */
  stored?: boolean;
  /** Called once a new case has been stored. */
  onCreated?: () => void;
}

export function useCaseAutosave(row: BusinessCaseRow, owner: string, { stored = true, onCreated }: AutosaveOptions = {}) {
  const caseId = row.id;
  const [draft] = useState(() => readCaseDraft(caseId, owner));
  // The case as last saved: state for rendering, a ref for the saves in flight.
  const [saved, setSaved] = useState<CaseFields>(() => readCaseFields(row));
  const savedRef = useRef(saved);
  const form = useForm<CaseFormValues>({ initialValues: draft ?? caseFormValues(saved) });
  const [saveState, setSaveState] = useState<SaveState>(draft ? 'waiting' : stored ? 'saved' : 'unsaved');
  // Whether the case is stored (a new one: once its first real input is).
  const created = useRef(stored);
  const [isStored, setIsStored] = useState(stored);
  const onCreatedRef = useRef(onCreated);
  useEffect(() => {
    onCreatedRef.current = onCreated;
  }, [onCreated]);
  const read = useMemo(() => readForm(form.values), [form.values]);
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
  }, [read]);
  const remember = useCallback((fields: CaseFields) => {
    savedRef.current = fields;
    setSaved(fields);
  }, []);

  // One save at a time: a save asked for while the first one creates the case waits for it.
  const queue = useRef<Promise<void>>(Promise.resolve());
  // Set once the case is deleted from the builder: nothing more is saved.
  const discarded = useRef(false);
  const saveOnce = useCallback(async () => {
    if (discarded.current) return;
    const { fields, errors } = latest.current;
    try {
      if (!created.current) {
        const start = savedRef.current;
        const first: CaseFields = { ...start, ...fields };
        // Nothing typed that changes the case: still nothing to store.
        if (same(first, start)) {
          if (Object.keys(errors).length === 0) clearDraft(draftName(caseId));
          setSaveState('unsaved');
          return;
        }
        created.current = true;
        try {
          await createCase(db, owner, first, caseId);
        } catch (error) {
          created.current = false;
          throw error;
        }
        remember(first);
        setIsStored(true);
        onCreatedRef.current?.();
      } else {
        remember(await saveCaseFields(db, caseId, savedRef.current, fields));
      }
      if (Object.keys(errors).length === 0) clearDraft(draftName(caseId));
      setSaveState('saved');
    } catch (error) {
      console.error('Could not save the business case', error);
      setSaveState('failed');
    }
  }, [caseId, owner, remember]);
  const save = useCallback(() => {
    const next = queue.current.then(saveOnce);
    queue.current = next;
    return next;
  }, [saveOnce]);

  // Kept at once, saved after a pause; a pending save runs when the builder closes.
  const timer = useRef<number | undefined>(undefined);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current && !draft) {
      firstRender.current = false;
      return;
    }
    firstRender.current = false;
    writeDraft(draftName(caseId), { owner, values: form.values });
    setSaveState('waiting');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      void save();
    }, AUTOSAVE_DELAY_MS);
  }, [form.values, caseId, owner, draft, save]);
  useEffect(() => () => {
    if (timer.current === undefined) return;
    window.clearTimeout(timer.current);
    void save();
  }, [save]);

  // A change stored from elsewhere (a pull, another tab) shows in the fields the user is not editing.
  const { setFieldValue } = form;
  useEffect(() => {
    const stored = readCaseFields(row);
    const editing = latest.current.fields;
    let next = savedRef.current;
    for (const field of CASE_FIELDS) {
      if (same(stored[field], next[field])) continue;
      if (!(field in editing) || !same(editing[field], next[field])) continue;
      next = { ...next, [field]: stored[field] };
      setFieldValue(FORM_KEY[field], caseFormValues(stored)[FORM_KEY[field]]);
    }
    if (next !== savedRef.current) remember(next);
  }, [row, setFieldValue, remember]);

  /** The case as the figures and the summary see it: saved values, with every valid input on top. */
  const current: CaseFields = { ...saved, ...read.fields };
  /** Before the case is deleted: drops the pending save and the kept input, so nothing writes the case back. */
  const discard = useCallback(() => {
    discarded.current = true;
    window.clearTimeout(timer.current);
    timer.current = undefined;
    clearDraft(draftName(caseId));
  }, [caseId]);

  return { form, errors: read.errors, current, saveState, saveNow: save, stored: isStored, discard };
}
