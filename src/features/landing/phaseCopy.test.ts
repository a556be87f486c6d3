import { describe, expect, it } from 'vitest';
import { closingText, detailsEyebrow, heroCopy, outcomesTitle, phaseNotice, primaryAction } from './phaseCopy';
import { PHASES } from '@/lib/eventPhase';

const facts = {
  city: 'Adelaide',
  start: 'Wednesday 18 June 2025, 11:30 am ACST',
  date: 'Wednesday 18 June 2025',
  when: 'Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST',
  capacity: 50,
  salesOpen: 'Tuesday 10 February at 9:00 am',
};

describe('landing copy per phase', () => {
  it('keeps the spec texts word for word for the upcoming sold-out event, and offers the waitlist for that date', () => {
    expect(phaseNotice('sold_out')).toBe('Event Sold Out – Registration Now Closed');
    expect(heroCopy('sold_out', facts).welcome).toBe('We look forward to welcoming registered attendees in Adelaide on Wednesday 18 June 2025, 11:30 am ACST.');
    expect(heroCopy('sold_out', facts).invite).toBe('Every place is taken. Join the waitlist: if a seat frees up, it is offered to you first by email, for a limited time.');
    expect(primaryAction('sold_out', '18 June')).toBe('Join the waitlist for 18 June');
    expect(detailsEyebrow('sold_out')).toBe('Save the date');
    expect(outcomesTitle('sold_out')).toBe('You leave with');
  });

  it('closed is never called sold out: registration is closed, and the interest list is the way in', () => {
    expect(phaseNotice('closed')).toBe('Registration Is Closed');
    for (const words of [phaseNotice('closed'), heroCopy('closed', facts).invite, closingText('closed', facts), primaryAction('closed', '18 June')]) {
      expect(words).not.toMatch(/sold out|fully booked|waitlist/i);
    }
    expect(primaryAction('closed', '18 June')).toBe('Register for Future Events');
  });

  it('scheduled: says when sales open, in the event zone words given, and offers to be told', () => {
    expect(phaseNotice('scheduled', facts.salesOpen)).toBe('Sales open on Tuesday 10 February at 9:00 am');
    expect(heroCopy('scheduled', facts).invite).toBe("Places are limited to 50 participants. Leave your name and email and we'll email you the moment sales open.");
    expect(closingText('scheduled', facts)).toContain('Sales open on Tuesday 10 February at 9:00 am');
    expect(primaryAction('scheduled', '18 June')).toBe('Tell Me When Sales Open');
    expect(detailsEyebrow('scheduled')).toBe('Save the date');
  });

  it('while on sale: no notice, the places left, Register Now', () => {
    expect(phaseNotice('on_sale')).toBeNull();
    expect(heroCopy('on_sale', facts).invite).toBe('Places are limited to 50 participants. Secure yours today.');
    expect(primaryAction('on_sale', '18 June')).toBe('Register Now');
  });

  it('during the event: under way now, in the one date format', () => {
    expect(phaseNotice('happening')).toBe('Happening Now – Registration Closed');
    expect(heroCopy('happening', facts).welcome).toBe('The masterclass is under way in Adelaide right now: Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST.');
    expect(detailsEyebrow('happening')).toBe('Happening now');
    expect(primaryAction('happening', '18 June')).toBe('Register for Future Events');
  });

  it('after the event: it took place, with its date, and the next one is invited; never "Save the date"', () => {
    expect(phaseNotice('past')).toBe('This Masterclass Has Taken Place');
    expect(heroCopy('past', facts).welcome).toContain('took place in Adelaide on Wednesday 18 June 2025');
    expect(heroCopy('past', facts).welcome).not.toContain('look forward');
    expect(closingText('past', facts)).toMatch(/^This masterclass took place on Wednesday 18 June 2025\. Register your interest now/);
    expect(outcomesTitle('past')).toBe('Attendees left with');
    expect(detailsEyebrow('past')).toBe('The last masterclass');
  });

  it('before the phase is known, the details eyebrow says nothing that could be untrue', () => {
    expect(detailsEyebrow(null)).toBe('The masterclass');
  });

  it('every phase has its own notice and one primary action', () => {
    const notices = PHASES.map((phase) => phaseNotice(phase, facts.salesOpen));
    expect(new Set(notices).size).toBe(PHASES.length);
    for (const phase of PHASES.filter((one) => one !== 'cancelled')) expect(primaryAction(phase, '18 June')).toBeTruthy();
    // a cancelled masterclass has no way in (no seat, no waitlist)
    expect(primaryAction('cancelled', '18 June')).toBeNull();
  });
});
