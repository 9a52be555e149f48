/**
 * A request path's "." and ".." segments resolved as RFC 3986 §5.2.4 resolves them, before
 * routing: "/api/x/./response" names the route "/api/x/response" names (none: a 404), as it would
 * for any client that resolved the URL, rather than a resource whose id is ".". A proxy in front
 * that resolves them and this service then agree on which route a URL names.
 */
export function resolveDotSegments(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!DOT_SEGMENT.test(path)) return url;
  const segments = path.split('/').slice(1);
  const kept: string[] = [];
  for (const [i, segment] of segments.entries()) {
    if (segment !== '.' && segment !== '..') kept.push(segment);
    else {
      if (segment === '..') kept.pop();
      // A path ending in a dot segment names a directory: "/a/b/.." is "/a/".
      if (i === segments.length - 1) kept.push('');
    }
  }
  return `/${kept.join('/')}${queryAt === -1 ? '' : url.slice(queryAt)}`;
}

const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;
