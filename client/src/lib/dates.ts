/**
 * Dates and times as the reader's language says them. Hindi names the part of the day (सुबह, दोपहर,
 * शाम, रात) where English says am/pm: no 'pm' inside a Hindi sentence.
 */
const localeOf = (language: string) => (language === 'hi' ? 'hi-IN' : 'en-IN');

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** '29 Nov 2026, 6:00 pm' / '29 नव॰ 2026, शाम 6:00'. */
export function formatDateTime(value: unknown, language: string): string {
  const options: Intl.DateTimeFormatOptions =
    language === 'hi'
      ? { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', dayPeriod: 'short' }
      : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(localeOf(language), options).format(asDate(value));
}

/** The clock alone: '6:00 pm' / 'शाम 6:00'. */
export function formatTime(value: unknown, language: string): string {
  const options: Intl.DateTimeFormatOptions = language === 'hi' ? { hour: 'numeric', minute: '2-digit', dayPeriod: 'short' } : { hour: 'numeric', minute: '2-digit' };
  return new Intl.DateTimeFormat(localeOf(language), options).format(asDate(value));
}

/** Day and month with the clock: '29 Nov, 6:00 pm' / '29 नव॰, शाम 6:00'. */
export function formatDayTime(value: unknown, language: string): string {
  const options: Intl.DateTimeFormatOptions =
    language === 'hi' ? { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', dayPeriod: 'short' } : { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' };
  return new Intl.DateTimeFormat(localeOf(language), options).format(asDate(value));
}
