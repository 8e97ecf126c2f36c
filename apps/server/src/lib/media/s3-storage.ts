import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Config } from '../../config/env';
import { assertValidKey, type ByteRange, type MediaStorage, StorageNotFoundError } from './storage';

/**
 * Media in an S3-compatible bucket. Checksums are sent and checked only where S3 requires them: many
 * S3-compatible stores reject the SDK's newer default (aws-chunked bodies with CRC trailers).
 */
export async function createS3Storage(config: S3Config): Promise<MediaStorage> {
  // Loaded only when S3 is configured: the SDK is large and most installs keep media on disk.
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    kind: 's3',
    async put(key, sourcePath, contentType) {
      assertValidKey(key);
      // Files are at most a plan's file-size limit (10 MB): a buffer keeps the request signable and simple.
      const body = await readFile(sourcePath);
      await client.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async get(key, range?: ByteRange) {
      assertValidKey(key);
      try {
        const result = await client.send(
          new GetObjectCommand({
            Bucket: config.bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!(result.Body instanceof Readable)) throw new Error('S3 returned no readable body');
        return result.Body;
      } catch (err) {
        if (
          err instanceof S3ServiceException &&
          (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)
        ) {
          throw new StorageNotFoundError(key);
        }
        throw err;
      }
    },
    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
}
