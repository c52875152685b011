/** A voice note's duration as bubbles and notices show it: 0:07, 1:59. */
export function durationText(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
