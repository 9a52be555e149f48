/** A file part from bytes (the name is what the service records; the type is judged by content anyway). */
export function fileFrom(bytes, name, type = 'application/octet-stream') {
    return new File([bytes], name, { type });
}
/**
 * A plain object as multipart form data: an array is several parts of one name, a Blob a file
 * part, null or undefined no part, a number or boolean its text, an object its JSON.
 */
export function toFormData(body) {
    const form = new FormData();
    for (const [name, value] of Object.entries((body ?? {}))) {
        for (const v of Array.isArray(value) ? value : [value]) {
            if (v === undefined || v === null)
                continue;
            if (v instanceof Blob)
                form.append(name, v, v instanceof File ? v.name : name);
            else
                form.append(name, typeof v === 'object' ? JSON.stringify(v) : String(v));
        }
    }
    return form;
}
/** POST /api/properties/{id}/medias: photos or videos appended to a listing (at most 10 a request). */
export function uploadPropertyMedia(api, propertyId, files) {
    return api.POST('/api/properties/{id}/medias', {
        params: { path: { id: propertyId } },
        body: { files },
        bodySerializer: toFormData,
    });
}
/** POST /api/user/become-owner: the KYC application with the ID's two sides (and a company document). */
export function applyToBecomeOwner(api, form) {
    return api.POST('/api/user/become-owner', { body: form, bodySerializer: toFormData });
}
/** POST /api/user/owner-request/documents: the company document of a pending application. */
export function addCompanyDocument(api, file) {
    return api.POST('/api/user/owner-request/documents', {
        body: { company_document: file },
        bodySerializer: toFormData,
    });
}
/** POST /api/chats/send_messages with an attachment (multipart); text alone may be sent as JSON too. */
export function sendChatMessage(api, form, idempotencyKey) {
    return api.POST('/api/chats/send_messages', {
        body: form,
        bodySerializer: toFormData,
        ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
    });
}
/** PUT /api/user/update as multipart (the way to send an avatar). */
export function updateProfile(api, form) {
    return api.PUT('/api/user/update', { body: form, bodySerializer: toFormData });
}
