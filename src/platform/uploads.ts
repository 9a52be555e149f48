// Multipart uploads: files arrive as buffers in the body (bounded), and are judged by their
// content (magic bytes), never by the name or the MIME type the client claims.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { Type } from 'typebox';
import type { FileStorage } from '../ports/file-storage.ts';
import { AppError } from './errors.ts';
import { badTextError, findBadText } from './text-guard.ts';
import { guardMultipartParts } from './multipart-parts-guard.ts';

/** What every multipart route does with bad text and failed requests (for route descriptions). */
export const MULTIPART_RULES =
  'A field, or the name of a file sent under it, holding text PostgreSQL cannot store (a NUL character, an unpaired surrogate) is 422 ' +
  'naming that field. A request refused or failing at any step keeps no file: files are written only after every check, and removed ' +
  'again when anything after the write fails.';

/** Largest single file any route accepts (chat attachments); routes set their own lower caps. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** A file field of a multipart body. The client's file name is kept only for display. */
export interface UploadedFile {
  file: Buffer;
  size: number;
  clientName: string;
}

/** TypeBox schema of a file field (documented as binary in OpenAPI). */
export const FileField = (description: string) => Type.Unsafe<UploadedFile>({ isFile: true, description });

interface FileKeywordDefinition {
  keyword: 'isFile';
  compile: () => (field: unknown) => boolean;
  error: { message: string };
}

/**
 * Ajv's `isFile` keyword. @fastify/multipart's own ajvFilePlugin rewrites the schema it compiles
 * (isFile → type: string), so a second app built from the same module-level schemas in one
 * process refused every upload as "must be string". This one leaves the schema as it is; the
 * OpenAPI document gets `type: string, format: binary` from `fileFieldsAsBinary` instead.
 */
export function fileKeyword<A extends { addKeyword(def: FileKeywordDefinition): A }>(ajv: A): A {
  return ajv.addKeyword({
    keyword: 'isFile',
    compile: () => (field: unknown) => Boolean((field as { file?: unknown } | null)?.file),
    error: { message: 'should be a file' },
  });
}

/** A copy of a route schema with every file field written as OpenAPI's binary string. */
export function fileFieldsAsBinary<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(fileFieldsAsBinary) as T;
  if (!schema || typeof schema !== 'object') return schema;
  // Only the keyword is replaced: a member merely named isFile (a property of an object schema) stays.
  const fileField = (schema as Record<string, unknown>).isFile === true;
  const out: Record<string, unknown> = fileField ? { type: 'string', format: 'binary' } : {};
  for (const [k, v] of Object.entries(schema)) if (!(fileField && k === 'isFile')) out[k] = fileFieldsAsBinary(v);
  return out as T;
}

export type FileKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'pdf';
const MIME: Record<FileKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
const EXT: Record<string, FileKind> = { jpg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', pdf: 'pdf' };
/** The content type and the stored file's extension of a checked kind. */
export const typeOf = (kind: FileKind) => ({ mime: MIME[kind], ext: kind === 'jpeg' ? 'jpg' : kind });

export interface CheckedFile {
  data: Buffer;
  kind: FileKind;
  mime: string;
  ext: string;
}

const human = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
/** 413 naming the field. */
export const tooLarge = (field: string, maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `${field} must be at most ${human(maxBytes)}`, {
    [field]: [`must be at most ${human(maxBytes)}`],
  });

/** What an upload must be: `field` names it in errors. */
export interface UploadRules {
  field: string;
  allowed: FileKind[];
  maxBytes: number;
}

/** Checks size and real type; 413 / 415 naming the field otherwise. */
export async function checkUpload(upload: UploadedFile, rules: UploadRules): Promise<CheckedFile> {
  const { field, allowed, maxBytes } = rules;
  if (upload.size > maxBytes) throw tooLarge(field, maxBytes);
  const detected = await fileTypeFromBuffer(upload.file);
  const kind = detected ? EXT[detected.ext] : undefined;
  if (!kind || !allowed.includes(kind)) {
    const names = allowed.map((k) => k.toUpperCase()).join(', ');
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${field} must be one of: ${names} (judged by content)`, {
      [field]: [`must be one of: ${names}`],
    });
  }
  return { data: upload.file, kind, ...typeOf(kind) };
}

/**
 * Sends a stored file with its checked type. Nothing it contains can run in our origin:
 * nosniff, a sandboxing CSP, and attachment unless it is an image allowed inline.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  mime: string,
  opts: { inline: boolean; downloadName: string; cache: 'public' | 'private' },
) {
  const stream = await storage.get(key);
  if (!stream) throw new AppError('NOT_FOUND', 'File not found');
  const inline = opts.inline && mime.startsWith('image/');
  return (
    reply
      .header('content-type', mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header(
        'content-disposition',
        `${inline ? 'inline' : 'attachment'}; filename="${opts.downloadName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      )
      .header('cache-control', opts.cache === 'public' ? 'public, max-age=86400' : 'private, no-store')
      // Public images (listing photos, avatars) are embedded by front ends on other origins.
      .header('cross-origin-resource-policy', opts.cache === 'public' ? 'cross-origin' : 'same-site')
      .send(stream)
  );
}

async function onFile(this: FastifyRequest, part: MultipartFile) {
  const file = await part.toBuffer();
  const value: UploadedFile = { file, size: file.length, clientName: part.filename };
  Object.assign(part, { value });
}

const isUpload = (v: unknown): v is UploadedFile => Buffer.isBuffer((v as UploadedFile | null)?.file);

/**
 * The text guard of multipart bodies (text-guard.ts): a field's value, or the name of a file sent
 * under it, that PostgreSQL cannot store is a 422 naming the field, before any handler can store
 * the file or write a row.
 */
export function rejectBadFormText(body: unknown): void {
  if (!body || typeof body !== 'object') return;
  for (const [field, value] of Object.entries(body)) {
    const parts: unknown[] = Array.isArray(value) ? value : [value];
    if (findBadText({ [field]: parts.filter((p) => !isUpload(p)) })) throw badTextError(field);
    if (findBadText(parts.filter(isUpload).map((p) => p.clientName)))
      throw badTextError(field, "the file's name must be text");
  }
}

const MAX_PARTS = 120;

export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  // Before the plugin's own preValidation hook, which pipes the body into busboy.
  app.addHook('preValidation', async (req) => {
    if (req.isMultipart()) guardMultipartParts(req, MAX_PARTS);
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 100, fieldSize: 100_000, parts: MAX_PARTS },
  });
  // Added after multipart's own preValidation hook, so it runs once the body is filled in.
  app.addHook('preValidation', async (req) => {
    if (req.isMultipart()) rejectBadFormText(req.body);
  });
});
