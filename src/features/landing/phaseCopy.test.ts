import { describe, expect, it } from 'vitest';
import { closingText, detailsEyebrow, heroCopy, outcomesTitle, phaseNotice } from './phaseCopy';

const facts = {
  city: 'Adelaide',
  start: 'Wednesday 18 June 2025, 11:30 am ACST',
  date: 'Wednesday 18 June 2025',
  when: 'Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST',
  capacity: 50,
};

describe('landing copy per phase', () => {
  it('keeps the spec texts word for word for the upcoming sold-out event', () => {
    expect(phaseNotice('sold_out')).toBe('Event Sold Out – Registration Now Closed');
    expect(phaseNotice('closed')).toBe('Event Sold Out – Registration Now Closed');
    expect(heroCopy('sold_out', facts).welcome).toBe('We look forward to welcoming registered attendees in Adelaide on Wednesday 18 June 2025, 11:30 am ACST.');
    expect(detailsEyebrow('sold_out')).toBe('Save the date');
    expect(outcomesTitle('sold_out')).toBe('You leave with');
  });

  it('while on sale: no notice, the places left', () => {
    expect(phaseNotice('on_sale')).toBeNull();
    expect(heroCopy('on_sale', facts).invite).toBe('Places are limited to 50 participants. Secure yours today.');
  });

  it('during the event: under way now, in the one date format', () => {
    expect(phaseNotice('happening')).toBe('Happening Now – Registration Closed');
    expect(heroCopy('happening', facts).welcome).toBe('The masterclass is under way in Adelaide right now: Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST.');
    expect(detailsEyebrow('happening')).toBe('Happening now');
  });

  it('after the event: it took place, with its date, and the next one is invited', () => {
    expect(phaseNotice('past')).toBe('This Masterclass Has Taken Place');
    expect(heroCopy('past', facts).welcome).toContain('took place in Adelaide on Wednesday 18 June 2025');
    expect(heroCopy('past', facts).welcome).not.toContain('look forward');
    expect(closingText('past', facts)).toMatch(/^This masterclass took place on Wednesday 18 June 2025\. Register your interest now/);
    expect(outcomesTitle('past')).toBe('Attendees left with');
    expect(detailsEyebrow('past')).toBe('The last masterclass');
  });
});
