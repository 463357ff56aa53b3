// @20minutes/s3rver (a maintained fork of s3rver) ships no types; the tests use a small part of its API.
declare module "@20minutes/s3rver" {
  import type { AddressInfo } from "node:net";
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory?: string;
      allowMismatchedSignatures?: boolean;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
