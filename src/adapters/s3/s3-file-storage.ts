// Files as objects in one S3 bucket (AWS, or any server speaking the S3 protocol), through the
// official SDK. The bucket stays private: every file is served through the service's own routes,
// which stream it from here (contract §10: the routes that serve files are unchanged).
import { Readable } from 'node:stream';
import {
  type BucketLocationConstraint,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import {
  assertSafeStorageKey,
  isSafeStorageKey,
  StorageUnavailableError,
  type FileStorage,
  type StoredFile,
} from '../../ports/file-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server; unset: AWS. */
  endpoint?: string;
  /** Both or neither; neither: the SDK's default credential chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than the host name: what most S3-compatible servers expect. */
  forcePathStyle?: boolean;
  /** Attempts per call (the SDK's default is 3, with backoff). */
  maxAttempts?: number;
}

/** The storage settings of contract §10. */
export function s3StorageOptions(
  config: Pick<
    Config,
    'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
  >,
): S3StorageOptions {
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET: required when STORAGE=s3');
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

// A missing object, as opposed to a missing bucket, refused credentials or a network failure,
// which must surface: reading them as "no such file" would turn an outage into 404s and a
// migration into a full copy.
const isMissingObject = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');

// No answer at all (refused, reset, timed out) or the server's own failure (5xx, SlowDown) once the
// SDK's retries are spent: the request may be retried (503). A refusal (403, no such bucket) is a
// wrong setting and stays an error of its own.
function unavailable(err: unknown): unknown {
  const status = (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  if (status !== undefined && status < 500) return err;
  const what = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return new StorageUnavailableError(`file storage unavailable (${what})`, { cause: err });
}

/**
 * On Node 20 the SDK prints a 9-line warning when a client is made (every start, backup, restore):
 * its releases after the first week of January 2027 will need Node 22 (aws/aws-sdk-js-v3#7983).
 * The release the lockfile pins supports Node 20, and so does this service (engines: 20.19+ or
 * 24), so on such a runtime the warning asks the operator for nothing; docs/operations.md says
 * when Node 24 becomes necessary. It is turned off with the SDK's documented switch, only on a
 * runtime this service supports and only when the operator has not set the switch (false shows
 * it again); other warnings are untouched.
 */
function quietNodeSupportWarning(): void {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const supported = (major === 20 && minor >= 19) || major >= 24;
  if (supported) process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
}

export class S3FileStorage implements FileStorage {
  readonly bucket: string;
  private readonly region: string;
  /** Where the files go, for logs and error messages (no credentials). */
  readonly location: string;
  private readonly client: S3Client;

  constructor(opts: S3StorageOptions) {
    if (Boolean(opts.accessKeyId) !== Boolean(opts.secretAccessKey))
      throw new Error('S3 access key id and secret access key go together');
    this.bucket = opts.bucket;
    this.region = opts.region;
    this.location = `s3://${opts.bucket} (${opts.endpoint ?? `AWS ${opts.region}`})`;
    quietNodeSupportWarning();
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle ?? false,
      credentials: opts.accessKeyId
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey! }
        : undefined,
      maxAttempts: opts.maxAttempts,
      // An unreachable endpoint fails a request quickly instead of holding it; a download whose
      // reader stalls half a minute is cut rather than pinning a connection forever.
      requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
    });
  }

  async put(key: string, data: Buffer): Promise<StoredFile> {
    assertSafeStorageKey(key);
    // One PUT: S3 makes an object visible whole or not at all, so a failed put leaves nothing
    // half-written (the caller still deletes the key, as the port asks).
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: 'application/octet-stream',
        }),
      );
    } catch (err) {
      throw unavailable(err);
    }
    return { key, size: data.length };
  }

  async get(key: string): Promise<Readable | null> {
    assertSafeStorageKey(key);
    let body: unknown;
    try {
      body = (await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))).Body;
    } catch (err) {
      if (isMissingObject(err)) return null;
      throw unavailable(err);
    }
    if (!(body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
    return body;
  }

  async delete(key: string): Promise<void> {
    assertSafeStorageKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      // S3 answers 204 for a missing key; a few compatible servers answer 404.
      if (!isMissingObject(err)) throw unavailable(err);
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeStorageKey(key)) return false;
    return (await this.sizeOf(key)) !== null;
  }

  /** The size of the object under the key; null when there is none. */
  async sizeOf(key: string): Promise<number | null> {
    assertSafeStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isMissingObject(err)) return null;
      throw unavailable(err);
    }
  }

  /** Every object in the bucket with its size, a page (up to 1000) at a time. */
  async *list(): AsyncGenerator<{ key: string; size: number }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Makes the bucket when the server says there is none (a restore into a fresh bucket); true when
   * it did. Private, as S3 makes every new bucket. Anything else wrong is left to `problem()`.
   */
  async createIfMissing(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return false;
    } catch (err) {
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 404) return false;
    }
    // Outside us-east-1, AWS wants the region named again (other servers ignore it).
    const where =
      this.region === 'us-east-1'
        ? {}
        : { CreateBucketConfiguration: { LocationConstraint: this.region as BucketLocationConstraint } };
    await this.client.send(new CreateBucketCommand({ Bucket: this.bucket, ...where }));
    return true;
  }

  /** Null when the bucket answers; otherwise what is wrong, naming the setting to look at. */
  async problem(): Promise<string | null> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return null;
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      if (status === 404) return `S3_BUCKET: no bucket "${this.bucket}" at ${this.location}`;
      if (status === 301)
        return `S3_REGION: bucket "${this.bucket}" is in another region than ${this.region} (${reason})`;
      if (status === 401 || status === 403)
        return `S3_ACCESS_KEY_ID: access to ${this.location} refused (${status}); check the credentials and the bucket's policy`;
      if ((err as Error)?.name === 'CredentialsProviderError')
        return `S3_ACCESS_KEY_ID: no credentials (not set, and none found by the SDK's default chain): ${reason}`;
      return `S3_ENDPOINT: ${this.location} not reachable (${reason})`;
    }
  }

  /** Closes the client's connections. */
  close(): void {
    this.client.destroy();
  }
}
