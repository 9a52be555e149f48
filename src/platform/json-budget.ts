// A JSON body's shape is bounded before it is parsed: at most 64 levels of nesting and 10,000
// keys in all. Within BODY_LIMIT_BYTES (1 MiB) a body of 400,000 nested arrays or 80,000 keys cost
// 170–280 ms of the event loop to parse and walk (validation, the text guard) before a 422; no
// route's schema takes more than a few levels or a few hundred keys. One pass over the text,
// strings skipped, costs what JSON.parse's own pass does.
export const JSON_MAX_DEPTH = 64;
export const JSON_MAX_KEYS = 10_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** Why the JSON text is over the budget (a phrase after "the body"), or null when it is within it. */
export function jsonShapeProblem(text: string, maxDepth = JSON_MAX_DEPTH, maxKeys = JSON_MAX_KEYS): string | null {
  let depth = 0;
  let keys = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return `nests deeper than the ${maxDepth} levels allowed`;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (c === COLON && ++keys > maxKeys) return `has more than the ${maxKeys} keys allowed`;
  }
  return null;
}
