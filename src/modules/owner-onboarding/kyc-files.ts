// The private files of an application: checked by content, stored under random keys, and only
// ever named to clients by their authenticated download path.
import { randomUUID } from 'node:crypto';
import type { FileToStore } from '../../platform/stored-files.ts';
import { checkUpload, type CheckedFile, type FileKind, type UploadedFile } from '../../platform/uploads.ts';
import type { NewOwnerRequest, OwnerRequestRow } from './owner-requests.repository.ts';

export const KYC_FIELDS = ['id_reco_path', 'id_verso_path', 'company_document'] as const;
export type KycField = (typeof KYC_FIELDS)[number];
export const isKycField = (v: string): v is KycField => (KYC_FIELDS as readonly string[]).includes(v);

const KYC_KINDS: FileKind[] = ['jpeg', 'png', 'webp', 'pdf'];
export const KYC_MAX_BYTES = 5 * 1024 * 1024;
const EXT_BY_MIME: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

export interface StoredKycFile {
  key: string;
  mime: string;
}

/** 413 / 415 naming the field unless the file is an image or PDF of at most 5 MB. */
export function checkKycFile(upload: UploadedFile, field: KycField): Promise<CheckedFile> {
  return checkUpload(upload, { field, allowed: KYC_KINDS, maxBytes: KYC_MAX_BYTES });
}

/** A fresh folder for one application's files. */
export const newKycFolder = () => randomUUID();

/** The folder of an application's existing files, so a later document joins them. */
export function folderOf(row: OwnerRequestRow): string {
  const key = row.idFrontKey ?? row.idBackKey ?? row.companyDocumentKey;
  return key?.split('/')[1] ?? newKycFolder();
}

/**
 * Names the files `kyc/<folder>/<uuid>.<ext>`; the client's file name is never used, so it can
 * neither choose nor guess the path. Nothing is written here: the caller stores `files` with its
 * change (storeFilesThen), so a failed request keeps none of them.
 */
export function planKycFiles(folder: string, checked: Partial<Record<KycField, CheckedFile>>) {
  const stored: Partial<Record<KycField, StoredKycFile>> = {};
  const files: FileToStore[] = [];
  for (const field of KYC_FIELDS) {
    const f = checked[field];
    if (!f) continue;
    const key = `kyc/${folder}/${randomUUID()}.${f.ext}`;
    files.push({ key, data: f.data });
    stored[field] = { key, mime: f.mime };
  }
  return { stored, files };
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
    field === 'id_reco_path'
      ? [row.idFrontKey, row.idFrontType]
      : field === 'id_verso_path'
        ? [row.idBackKey, row.idBackType]
        : [row.companyDocumentKey, row.companyDocumentType];
  return key && mime ? { key, mime } : null;
}

export const extensionOf = (mime: string) => EXT_BY_MIME[mime] ?? 'bin';

/** What clients see instead of a storage key. */
export const kycDownloadPath = (requestId: number, field: KycField) =>
  `/api/user/owner-requests/${requestId}/files/${field}`;
