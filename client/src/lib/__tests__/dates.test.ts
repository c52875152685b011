import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDayTime, formatTime } from '../dates';

const evening = new Date(2026, 10, 29, 18, 5);

describe('dates in the reader language', () => {
  it('Hindi names the part of the day, never am/pm', () => {
    for (const text of [formatDateTime(evening, 'hi'), formatTime(evening, 'hi'), formatDayTime(evening, 'hi')]) {
      expect(text).not.toMatch(/\b(am|pm)\b/i);
      expect(text).toContain('शाम');
      expect(text).toContain('6:05');
    }
    expect(formatDayTime(evening, 'hi')).toContain('29');
  });

  it('English keeps its pm', () => {
    expect(formatDateTime(evening, 'en')).toMatch(/29 Nov 2026, 6:05\s?pm/i);
    expect(formatDayTime(evening, 'en')).toMatch(/29 Nov, 6:05\s?pm/i);
  });
});
