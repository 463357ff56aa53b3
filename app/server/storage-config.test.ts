import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";
import { parseStorageUrl } from "./storage-config";

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("configuration acceptée");
}

describe("STORAGE_URL", () => {
  it("keeps the disk by default", () => {
    expect(loadConfig({}).storage).toEqual({ driver: "disk" });
    expect(parseStorageUrl("disk")).toEqual({ driver: "disk" });
    expect(parseStorageUrl("  ")).toEqual({ driver: "disk" });
  });

  it("reads a bucket, its endpoint, region, path style and credentials", () => {
    expect(
      parseStorageUrl(
        "s3://cle%2Fa:secr%40et@photos-occazio?endpoint=https://s3.fr-par.example.com/&region=fr-par&forcePathStyle=true",
      ),
    ).toEqual({
      driver: "s3",
      bucket: "photos-occazio",
      endpoint: "https://s3.fr-par.example.com",
      region: "fr-par",
      forcePathStyle: true,
      credentials: { accessKeyId: "cle/a", secretAccessKey: "secr@et" },
    });
    // AWS itself: no endpoint, the region from AWS_REGION, credentials from the SDK's chain.
    expect(parseStorageUrl("s3://photos", { AWS_REGION: "eu-west-3" })).toEqual({
      driver: "s3",
      bucket: "photos",
      endpoint: undefined,
      region: "eu-west-3",
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it.each([
    ["https://photos.example.com", /schéma/],
    ["s3://Photos_Occazio", /nom de bucket invalide/],
    ["s3://photos/dossier", /pas de chemin/],
    ["s3://photos?endpont=http://x", /paramètre inconnu « endpont »/],
    ["s3://photos?endpoint=ftp://x", /endpoint invalide/],
    ["s3://photos?forcePathStyle=oui", /forcePathStyle/],
    ["s3://cle@photos", /identifiants incomplets/],
  ])("refuses %s with a message naming STORAGE_URL", (value, message) => {
    const error = configError({ STORAGE_URL: value });
    expect(error.issues).toEqual([{ variable: "STORAGE_URL", message: expect.stringMatching(message) }]);
    expect(error.message).toContain("STORAGE_URL");
  });

  it("never repeats the secret of a refused URL", () => {
    const error = configError({ STORAGE_URL: "s3://cle:tres-secret@photos?endpont=x" });
    expect(error.message).not.toContain("tres-secret");
  });

  it("checks PHOTO_BASE_URL and drops its trailing slash", () => {
    expect(loadConfig({ PHOTO_BASE_URL: "https://cdn.example.com/photos/" }).PHOTO_BASE_URL).toBe(
      "https://cdn.example.com/photos",
    );
    expect(configError({ PHOTO_BASE_URL: "cdn.example.com" }).issues[0]?.variable).toBe("PHOTO_BASE_URL");
    expect(configError({ PHOTO_BASE_URL: "ftp://cdn.example.com" }).issues[0]?.variable).toBe("PHOTO_BASE_URL");
  });
});
