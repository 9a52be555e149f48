// The private files of an application: checked by content, stored under random keys, and only
// ever named to clients by their authenticated download path.
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../container.ts';
import { checkUpload, type CheckedFile, type FileKind, type UploadedFile } from '../../platform/uploads.ts';
import type { NewOwnerRequest, OwnerRequestRow } from './owner-requests.repository.ts';

export const KYC_FIELDS = ['id_reco_path', 'id_verso_path', 'company_document'] as const;
export type KycField = (typeof KYC_FIELDS)[number];
export const isKycField = (v: string): v is KycField => (KYC_FIELDS as readonly string[]).includes(v);

const KYC_KINDS: FileKind[] = ['jpeg', 'png', 'webp', 'pdf'];
export const KYC_MAX_BYTES = 5 * 1024 * 1024;
const EXT_BY_MIME: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

export interface StoredKycFile {
  key: string;
  mime: string;
}

/** 413 / 415 naming the field unless the file is an image or PDF of at most 5 MB. */
export function checkKycFile(upload: UploadedFile, field: KycField): Promise<CheckedFile> {
  return checkUpload(upload, field, KYC_KINDS, KYC_MAX_BYTES);
}

/** A fresh folder for one application's files. */
export const newKycFolder = () => randomUUID();

/** The folder of an application's existing files, so a later document joins them. */
export function folderOf(row: OwnerRequestRow): string {
  const key = row.idFrontKey ?? row.idBackKey ?? row.companyDocumentKey;
  return key?.split('/')[1] ?? newKycFolder();
}

/**
 * Writes the files under `kyc/<folder>/<uuid>.<ext>`; the client's file name is never used, so
 * it can neither choose nor guess the path. All or nothing: a failed write removes the others.
 */
export async function storeKycFiles(deps: Deps, folder: string, files: Partial<Record<KycField, CheckedFile>>): Promise<Partial<Record<KycField, StoredKycFile>>> {
  const out: Partial<Record<KycField, StoredKycFile>> = {};
  try {
    for (const field of KYC_FIELDS) {
      const f = files[field];
      if (!f) continue;
      const key = `kyc/${folder}/${randomUUID()}.${f.ext}`;
      await deps.storage.put(key, f.data);
      out[field] = { key, mime: f.mime };
    }
    return out;
  } catch (err) {
    await discardKycFiles(deps, Object.values(out).map((f) => f!.key));
    throw err;
  }
}

/** Best effort: a file that cannot be removed is logged, never a reason to fail the request. */
export async function discardKycFiles(deps: Deps, keys: Array<string | null | undefined>): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    await deps.storage.delete(key).catch((err) => deps.log.warn({ err }, 'could not remove an orphaned KYC file'));
  }
}

/** The columns that keep a field's key and checked type. */
export function columnsOf(field: KycField, file: StoredKycFile | null): Partial<NewOwnerRequest> {
  const key = file?.key ?? null;
  const mime = file?.mime ?? null;
  if (field === 'id_reco_path') return { idFrontKey: key, idFrontType: mime };
  if (field === 'id_verso_path') return { idBackKey: key, idBackType: mime };
  return { companyDocumentKey: key, companyDocumentType: mime };
}

export function storedFileOf(row: OwnerRequestRow, field: KycField): StoredKycFile | null {
  const [key, mime] =
    field === 'id_reco_path' ? [row.idFrontKey, row.idFrontType] : field === 'id_verso_path' ? [row.idBackKey, row.idBackType] : [row.companyDocumentKey, row.companyDocumentType];
  return key && mime ? { key, mime } : null;
}

export const extensionOf = (mime: string) => EXT_BY_MIME[mime] ?? 'bin';

/** What clients see instead of a storage key. */
export const kycDownloadPath = (requestId: number, field: KycField) => `/api/user/owner-requests/${requestId}/files/${field}`;
