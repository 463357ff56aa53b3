/**
 * STORAGE_URL: where photos are stored. Unset (or `disk`) = DATA_DIR/uploads. Otherwise an
 * S3-compatible bucket:
 *
 *   s3://[ACCESS_KEY:SECRET@]bucket?endpoint=https://s3.example.com&region=fr-par&forcePathStyle=true
 *
 * Credentials come from the URL when given (URL-encoded), else from AWS_ACCESS_KEY_ID /
 * AWS_SECRET_ACCESS_KEY (or any source of the AWS SDK's default chain). Without `endpoint`
 * the bucket is on AWS itself; `region` defaults to AWS_REGION, else us-east-1 (what most
 * S3-compatible services accept).
 */
export type StorageSettings =
  | { driver: "disk" }
  | {
      driver: "s3";
      bucket: string;
      endpoint?: string;
      region: string;
      forcePathStyle: boolean;
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const KNOWN_PARAMETERS = new Set(["endpoint", "region", "forcePathStyle"]);

/** Throws an Error whose French message says what is wrong (the caller names the variable). */
export function parseStorageUrl(value: string | undefined, env: { AWS_REGION?: string } = {}): StorageSettings {
  if (value === undefined || value.trim() === "" || value.trim() === "disk") return { driver: "disk" };
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error("URL invalide : attendu s3://bucket?endpoint=…&region=… (ou « disk »)");
  }
  if (url.protocol !== "s3:") throw new Error(`schéma « ${url.protocol} » non pris en charge : attendu s3://bucket?…`);
  const bucket = url.hostname;
  if (!BUCKET_NAME.test(bucket)) {
    throw new Error(`nom de bucket invalide « ${bucket} » (3 à 63 caractères : minuscules, chiffres, points, tirets)`);
  }
  if (url.pathname !== "" && url.pathname !== "/") {
    throw new Error("pas de chemin après le nom du bucket (s3://bucket?…)");
  }
  for (const name of url.searchParams.keys()) {
    if (!KNOWN_PARAMETERS.has(name)) {
      throw new Error(`paramètre inconnu « ${name} » (connus : endpoint, region, forcePathStyle)`);
    }
  }
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint !== undefined) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(endpoint);
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
      throw new Error(`endpoint invalide « ${endpoint} » : attendu une URL http:// ou https://`);
    }
  }
  const forcePathStyleValue = url.searchParams.get("forcePathStyle") ?? "false";
  if (!["true", "false", "1", "0"].includes(forcePathStyleValue)) {
    throw new Error(`forcePathStyle doit valoir true ou false (reçu « ${forcePathStyleValue} »)`);
  }
  let credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  if (url.username || url.password) {
    if (!url.username || !url.password) throw new Error("identifiants incomplets : s3://CLÉ:SECRET@bucket?…");
    credentials = {
      accessKeyId: decodeURIComponent(url.username),
      secretAccessKey: decodeURIComponent(url.password),
    };
  }
  return {
    driver: "s3",
    bucket,
    endpoint: endpoint?.replace(/\/+$/, ""),
    region: url.searchParams.get("region") || env.AWS_REGION || "us-east-1",
    forcePathStyle: forcePathStyleValue === "true" || forcePathStyleValue === "1",
    credentials,
  };
}

/** STORAGE_URL without its secret, for logs. */
export function describeStorage(settings: StorageSettings): string {
  if (settings.driver === "disk") return "disque (DATA_DIR/uploads)";
  return `s3://${settings.bucket}${settings.endpoint ? ` sur ${settings.endpoint}` : ""} (${settings.region})`;
}
