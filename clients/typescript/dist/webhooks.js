export class WebhookVerificationError extends Error {
    constructor(message) {
        super(message);
        this.name = 'WebhookVerificationError';
    }
}
function header(headers, name) {
    if (typeof headers.get === 'function')
        return headers.get(name) ?? '';
    for (const [k, v] of Object.entries(headers))
        if (k.toLowerCase() === name)
            return Array.isArray(v) ? v.join(' ') : (v ?? '');
    return '';
}
const base64 = (bytes) => {
    let s = '';
    for (const b of new Uint8Array(bytes))
        s += String.fromCharCode(b);
    return btoa(s);
};
// Compared in time independent of where the strings differ.
function sameText(a, b) {
    if (a.length !== b.length)
        return false;
    let diff = 0;
    for (let i = 0; i < a.length; i++)
        diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
    return diff === 0;
}
/**
 * Checks a delivery and returns its parsed payload; throws WebhookVerificationError when a header
 * is missing, the timestamp is too old or too new, or no signature matches.
 */
export async function verifyWebhook(opts) {
    const id = header(opts.headers, 'webhook-id');
    const timestamp = header(opts.headers, 'webhook-timestamp');
    const signatures = header(opts.headers, 'webhook-signature');
    if (!id || !timestamp || !signatures)
        throw new WebhookVerificationError('Missing webhook headers');
    const seconds = Number(timestamp);
    const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
    if (!Number.isInteger(seconds) || Math.abs(now - seconds) > (opts.toleranceSeconds ?? 300))
        throw new WebhookVerificationError('Timestamp outside the tolerance');
    const body = typeof opts.body === 'string' ? opts.body : new TextDecoder().decode(opts.body);
    const raw = opts.secret.startsWith('whsec_') ? opts.secret.slice(6) : opts.secret;
    const keyBytes = Uint8Array.from(atob(raw), (c) => c.charCodeAt(0));
    const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const expected = base64(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
    const matches = signatures.split(' ').some((s) => s.startsWith('v1,') && sameText(s.slice(3), expected));
    if (!matches)
        throw new WebhookVerificationError('No matching signature');
    return JSON.parse(body);
}
