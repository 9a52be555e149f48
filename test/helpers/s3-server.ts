// A local server speaking the S3 protocol, for the tests of STORAGE=s3: s3rver (an npm package
// this project did not write), run in the test's process on a free port, with one empty bucket in
// a temporary folder. The tests look at the bucket through the SDK directly, not through the
// adapter under test, and at what the server itself reports writing and removing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** s3rver's one account. */
const KEY = 'S3RVER';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** STORAGE=s3 and the S3_* settings (contract §10) that reach this server's bucket. */
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** The bytes under the key; null when there is no such object. */
  object(key: string): Promise<Buffer | null>;
  /** Writes an object straight into the bucket (setting a test up). */
  put(key: string, data: Buffer): Promise<void>;
  /** Keys the server reports written (PUT) and removed (DELETE), in order, since start or `forget()`. */
  written: string[];
  removed: string[];
  forget(): void;
  close(): Promise<void>;
}

export async function startS3Server(opts: { bucket?: string } = {}): Promise<S3Server> {
  const bucket = opts.bucket ?? 'stays-files';
  const directory = await mkdtemp(path.join(tmpdir(), 'stays-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const written: string[] = [];
  const removed: string[] = [];
  server.on('event', (e) => {
    for (const r of e.Records) {
      if (r.eventName.startsWith('ObjectCreated')) written.push(r.s3.object.key);
      if (r.eventName.startsWith('ObjectRemoved')) removed.push(r.s3.object.key);
    }
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async object(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (err) {
        if ((err as Error).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data }));
    },
    written,
    removed,
    forget() {
      written.length = 0;
      removed.length = 0;
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
