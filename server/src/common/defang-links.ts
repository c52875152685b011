/**
 * Links made unclickable where a reader might click them (what users wrote, quoted in an email):
 * 'https://a.example/x' reads 'a[.]example/x', no scheme and no dot a mail program links.
 */
export function defangLinks(text: string): string {
  return text.replace(/\b(?:https?:\/\/|www\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})(?=[/:?#\s]|$)/gi, (_m, host: string) => host.replace(/\./g, '[.]')).replace(/\bhttps?:\/\//gi, '');
}
