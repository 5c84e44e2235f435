/** Links that come from data (download resources, promotion text): absolute http(s) only. */
const MAX_LINK_LENGTH = 2048;

export function isHttpLink(url: string): boolean {
  if (url.length === 0 || url.length > MAX_LINK_LENGTH || /[\s\p{Cc}\p{Cf}\\]/u.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname !== '';
}
