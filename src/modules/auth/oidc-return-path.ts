import { invalid } from '../../core/errors.js';

/** The longest `returnTo` taken (a path with its query). */
export const RETURN_TO_MAX_CHARS = 2000;

/**
 * The page of this site to go to once signed in (docs/access.md#single-sign-on): `returnTo` as a
 * path (`/jobs?status=open`), or an absolute URL of PUBLIC_URL's own origin; null when none is
 * given. Anything that could send the browser elsewhere is refused (400 on `returnTo`): another
 * host, a protocol-relative `//host`, backslashes (browsers read `/\host` as `//host`), control
 * characters (the URL parser drops tabs and line breaks, which would hide a `//`). The answer is
 * the normalised path, query and fragment, and never starts with `//`.
 */
export function returnPathOf(returnTo: string | undefined, publicUrl: string): string | null {
  if (returnTo === undefined || returnTo === '') return null;
  const refuse = () => invalid('returnTo', 'must be a path of this site, such as /jobs (an address elsewhere is refused)');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (returnTo.length > RETURN_TO_MAX_CHARS || /[\u0000-\u001f\u007f\\]/.test(returnTo)) throw refuse();
  const site = new URL(publicUrl);
  const isPath = returnTo.startsWith('/') && !returnTo.startsWith('//');
  if (!isPath && !/^https?:\/\//i.test(returnTo)) throw refuse();
  let target: URL;
  try {
    target = new URL(returnTo, site);
  } catch {
    throw refuse();
  }
  if (target.origin !== site.origin || target.username !== '' || target.password !== '') throw refuse();
  const path = `${target.pathname}${target.search}${target.hash}`;
  if (!path.startsWith('/') || path.startsWith('//')) throw refuse();
  return path;
}
