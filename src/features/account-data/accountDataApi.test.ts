import { describe, expect, it } from 'vitest';
import { downloadName } from './accountDataApi';

describe('downloadName', () => {
  it('takes the server\'s file name from Content-Disposition', () => {
    expect(downloadName('attachment; filename="ai-champions-my-data-2026-11-25.json"')).toBe('ai-champions-my-data-2026-11-25.json');
  });

  it('falls back to a dated name when the header has none', () => {
    const today = new Date('2026-03-04T05:06:07Z');
    expect(downloadName(null, today)).toBe('ai-champions-my-data-2026-03-04.json');
    expect(downloadName('attachment', today)).toBe('ai-champions-my-data-2026-03-04.json');
  });
});
