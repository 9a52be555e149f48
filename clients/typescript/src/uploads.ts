// Multipart uploads: listing photos and videos, the owner application's KYC documents, chat
// attachments and avatars. The bodies are typed from the document (a file member is a Blob or
// File) and sent as multipart/form-data; the browser or undici sets the boundary.
import type { paths } from './generated/schema.js';
import type { StaysApi } from './client.js';

type Multipart<P extends keyof paths, M extends 'post' | 'put'> = paths[P][M] extends {
  requestBody: { content: { 'multipart/form-data': infer B } };
}
  ? B
  : never;

export type PropertyMediaForm = Multipart<'/api/properties/{id}/medias', 'post'>;
export type OwnerApplicationForm = Multipart<'/api/user/become-owner', 'post'>;
export type CompanyDocumentForm = Multipart<'/api/user/owner-request/documents', 'post'>;
export type ChatMessageForm = Multipart<'/api/chats/send_messages', 'post'>;
export type ProfileForm = Multipart<'/api/user/update', 'put'>;

/** A file part from bytes (the name is what the service records; the type is judged by content anyway). */
export function fileFrom(
  bytes: Uint8Array | ArrayBuffer | Blob,
  name: string,
  type = 'application/octet-stream',
): File {
  return new File([bytes as BlobPart], name, { type });
}

/**
 * A plain object as multipart form data: an array is several parts of one name, a Blob a file
 * part, null or undefined no part, a number or boolean its text, an object its JSON.
 */
export function toFormData(body: unknown): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === undefined || v === null) continue;
      if (v instanceof Blob) form.append(name, v, v instanceof File ? v.name : name);
      else form.append(name, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
  }
  return form;
}

/** POST /api/properties/{id}/medias: photos or videos appended to a listing (at most 10 a request). */
export function uploadPropertyMedia(api: StaysApi, propertyId: number, files: Blob[]) {
  return api.POST('/api/properties/{id}/medias', {
    params: { path: { id: propertyId } },
    body: { files } as PropertyMediaForm,
    bodySerializer: toFormData,
  });
}

/** POST /api/user/become-owner: the KYC application with the ID's two sides (and a company document). */
export function applyToBecomeOwner(api: StaysApi, form: OwnerApplicationForm) {
  return api.POST('/api/user/become-owner', { body: form, bodySerializer: toFormData });
}

/** POST /api/user/owner-request/documents: the company document of a pending application. */
export function addCompanyDocument(api: StaysApi, file: Blob) {
  return api.POST('/api/user/owner-request/documents', {
    body: { company_document: file },
    bodySerializer: toFormData,
  });
}

/** POST /api/chats/send_messages with an attachment (multipart); text alone may be sent as JSON too. */
export function sendChatMessage(api: StaysApi, form: ChatMessageForm, idempotencyKey?: string) {
  return api.POST('/api/chats/send_messages', {
    body: form,
    bodySerializer: toFormData,
    ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
  });
}

/** PUT /api/user/update as multipart (the way to send an avatar). */
export function updateProfile(api: StaysApi, form: ProfileForm) {
  return api.PUT('/api/user/update', { body: form, bodySerializer: toFormData });
}
