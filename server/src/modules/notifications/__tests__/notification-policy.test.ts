import { describe, expect, it } from 'vitest';
import { pushEndpointProblem } from '../push-endpoints.js';
import { defaultPreferences, releaseTime, channelsFor, withDefaults } from '../notification-preferences.js';

/** 'HH:MM' in India on 2026-11-28 as a UTC instant. */
const ist = (hhmm: string) => new Date(Date.UTC(2026, 10, 28, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3)) - 330));

describe('quiet hours (IST)', () => {
  const prefs = defaultPreferences();
  it.each([
    ['21:59', '21:59'],
    ['22:00', '08:00'],
    ['23:30', '08:00'],
    ['00:00', '08:00'],
    ['07:59', '08:00'],
    ['08:00', '08:00'],
    ['12:00', '12:00'],
  ])('a message at %s goes out at %s', (at, out) => {
    const release = releaseTime(prefs, false, ist(at));
    const expected = ist(out);
    // After midnight the release is that morning; before it, the next morning.
    if (at >= '22:00') expected.setUTCDate(expected.getUTCDate() + 1);
    expect(release.toISOString()).toBe(expected.toISOString());
  });

  it('lets urgent notices through unless the user holds them too; off means no hold', () => {
    expect(releaseTime(prefs, true, ist('23:00'))).toEqual(ist('23:00'));
    expect(releaseTime({ ...prefs, urgentInQuietHours: false }, true, ist('23:00')).getTime()).toBeGreaterThan(ist('23:00').getTime());
    expect(releaseTime({ ...prefs, quietHours: { ...prefs.quietHours, enabled: false } }, false, ist('23:00'))).toEqual(ist('23:00'));
    // A window within a day (13:00-14:00).
    const lunch = { ...prefs, quietHours: { enabled: true, from: '13:00', to: '14:00' } };
    expect(releaseTime(lunch, false, ist('13:15'))).toEqual(ist('14:00'));
    expect(releaseTime(lunch, false, ist('14:00'))).toEqual(ist('14:00'));
  });
});

describe('channels', () => {
  it('defaults: orders on push and WhatsApp once opted in (not in the email digest), messages by push and the digest; the one switch turns all off', () => {
    const d = defaultPreferences();
    expect(channelsFor(d, 'order')).toEqual(['push']);
    expect(channelsFor({ ...d, whatsappOptIn: true }, 'order')).toEqual(['push', 'whatsapp']);
    expect(channelsFor({ ...d, whatsappOptIn: true }, 'message')).toEqual(['push', 'email']);
    expect(channelsFor(d, 'requirement')).toEqual(['push', 'email']);
    expect(channelsFor({ ...d, enabled: false }, 'order')).toEqual([]);
  });

  it('reads stored preferences over the defaults, and falls back on anything broken', () => {
    expect(withDefaults({ enabled: false, kinds: { message: { push: false, whatsapp: false } } })).toMatchObject({ enabled: false, kinds: { order: { push: true }, message: { push: false } } });
    // Saved before the email channel: each kind takes its email default.
    expect(withDefaults({ kinds: { message: { push: false, whatsapp: false }, order: { push: true, whatsapp: false } } }).kinds).toMatchObject({ message: { push: false, email: true }, order: { whatsapp: false, email: false } });
    expect(withDefaults({ quietHours: { from: 'late' } })).toEqual(defaultPreferences());
    expect(withDefaults(null)).toEqual(defaultPreferences());
  });
});

describe('push endpoints', () => {
  const rules = { allowedHosts: ['fcm.googleapis.com', '*.notify.windows.com'], allowLoopback: false };
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', null],
    ['https://fcm.googleapis.com:443/fcm/send/abc', null],
    ['https://db5p.notify.windows.com/w/?token=x', null],
    ['https://notify.windows.com/w', 'not a browser push service'],
    ['https://evilnotify.windows.com/w', 'not a browser push service'],
    ['http://fcm.googleapis.com/fcm/send/abc', 'not https'],
    ['https://127.0.0.1/x', 'not a browser push service'],
    ['https://[::1]/x', 'not a browser push service'],
    ['https://192.168.1.1/x', 'not a browser push service'],
    ['https://fcm.googleapis.com:444/x', 'not the https port'],
    ['ftp://fcm.googleapis.com/x', 'not https'],
    ['http://127.0.0.1:9000/x', 'not https'],
  ])('%s -> %s', (endpoint, problem) => {
    expect(pushEndpointProblem(endpoint, rules)).toBe(problem);
  });

  it('lets a loopback endpoint through only with the test setting', () => {
    expect(pushEndpointProblem('http://127.0.0.1:9000/push/x', { ...rules, allowLoopback: true })).toBeNull();
    expect(pushEndpointProblem('http://localhost:9000/push/x', { ...rules, allowLoopback: true })).toBe('not https');
  });
});
