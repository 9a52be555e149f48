// The part of s3rver's API the tests use (the package ships no types).
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }

  /** What s3rver emits for each object written or removed (an S3 event notification). */
  interface S3rverEvent {
    Records: Array<{ eventName: string; s3: { bucket: { name: string }; object: { key: string; size?: number } } }>;
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    reset(): void;
    on(event: 'event', listener: (event: S3rverEvent) => void): this;
  }
  export default S3rver;
}
