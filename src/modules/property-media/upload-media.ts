import { randomUUID } from 'node:crypto';
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/uploads.ts';
import { loadPropertyForWrite } from '../properties/index.ts';
import { storeFilesThen, type FileToStore } from '../../platform/stored-files.ts';
import { prepareMedia, type PreparedMedia } from './media-files.ts';
import { propertyMediaRepository, type NewMedia } from './property-media.repository.ts';
import { MAX_MEDIA_PER_PROPERTY } from './property-media.schemas.ts';
import { mediaView } from './media-views.ts';

export interface UploadInput {
  files?: UploadedFile | UploadedFile[];
  'files[]'?: UploadedFile | UploadedFile[];
}

const full = (count: number) =>
  new AppError('CONFLICT', `A listing may have at most ${MAX_MEDIA_PER_PROPERTY} photos and videos (it has ${count})`);

/**
 * The permission check of uploadMedia, made before the body is read (route onRequest), so a caller
 * who may not add media is answered at once rather than after sending up to 500 MB. The id is the
 * unvalidated path text there; uploadMedia checks again on the validated one.
 */
export async function checkMayUpload(deps: Deps, caller: AuthUser, rawPropertyId: unknown): Promise<void> {
  const id = Number(rawPropertyId);
  if (Number.isSafeInteger(id) && id > 0) await loadPropertyForWrite(deps.db, id, caller);
}

/**
 * Adds photos and videos at the end of a listing's media. Every file is checked and prepared
 * before anything is stored; the files are written before their rows and removed again when
 * anything after the first write fails (storeFilesThen).
 */
export async function uploadMedia(deps: Deps, caller: AuthUser, propertyId: number, input: UploadInput) {
  const property = await loadPropertyForWrite(deps.db, propertyId, caller);
  const uploads = [input.files, input['files[]']].flatMap((f) => (f === undefined ? [] : Array.isArray(f) ? f : [f]));
  if (uploads.length === 0) throw invalidField('files', 'send at least one file');
  const before = await propertyMediaRepository(deps.db).tally(property.id);
  if (before.count + uploads.length > MAX_MEDIA_PER_PROPERTY) throw full(before.count);

  const prepared: PreparedMedia[] = [];
  for (const [i, upload] of uploads.entries())
    prepared.push(await prepareMedia(upload, uploads.length === 1 ? 'files' : `files.${i}`));

  const files: FileToStore[] = [];
  const rows: Array<Omit<NewMedia, 'position'>> = [];
  for (const m of prepared) {
    const base = `media/${property.id}/${randomUUID()}`;
    const storageKey = `${base}.${m.ext}`;
    files.push({ key: storageKey, data: m.data });
    let thumbnailKey: string | null = null;
    if (m.thumbnail) {
      thumbnailKey = `${base}-thumb.webp`;
      files.push({ key: thumbnailKey, data: m.thumbnail });
    }
    rows.push({
      propertyId: property.id,
      mediaType: m.mediaType,
      storageKey,
      mime: m.mime,
      thumbnailKey,
      createdAt: deps.clock.now(),
    });
  }
  const created = await storeFilesThen(deps, files, () =>
    deps.db.transaction(async (tx) => {
      const repo = propertyMediaRepository(tx);
      await repo.lockProperty(property.id);
      const now = await repo.tally(property.id);
      if (now.count + rows.length > MAX_MEDIA_PER_PROPERTY) throw full(now.count);
      return repo.insertMany(rows.map((r, i) => ({ ...r, position: now.lastPosition + 1 + i })));
    }),
  );
  return created.map(mediaView);
}
