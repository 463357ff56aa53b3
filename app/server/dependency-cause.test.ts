import net from "node:net";
import { S3ServiceException } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { CheckTimeoutError, classifyDependencyError } from "./dependency-cause";
import { StorageUnavailableError } from "./storage.server";

const s3Error = (name: string, status: number) =>
  new S3ServiceException({ name, $fault: "client", $metadata: { httpStatusCode: status }, message: name });
const wrapped = (cause: unknown) => new StorageUnavailableError("Le stockage des photos (bucket photos) ne répond pas.", { cause });
const systemError = (code: string) => Object.assign(new Error(`${code} example`), { code });

describe("classifyDependencyError", () => {
  it("names S3 authentication errors behind the storage's own error, not 'ne répond pas'", () => {
    for (const code of ["InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied"]) {
      const classified = classifyDependencyError(wrapped(s3Error(code, 403)));
      expect(classified).toMatchObject({ cause: "auth", code });
      expect(classified.message).toContain(code);
      expect(classified.message).not.toContain("ne répond pas");
    }
    // A 403 without a readable code (HEAD answers have no body) is still authentication.
    expect(classifyDependencyError(s3Error("UnknownError", 403))).toMatchObject({ cause: "auth", code: "HTTP 403" });
    expect(classifyDependencyError(wrapped(s3Error("NoSuchBucket", 404)))).toMatchObject({ cause: "not-found", code: "NoSuchBucket" });
    expect(classifyDependencyError(s3Error("InternalError", 500))).toMatchObject({ cause: "server-error", code: "HTTP 500" });
  });

  it("names a real refused connection", async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const error = await new Promise<unknown>((resolve) => net.connect(port, "127.0.0.1").once("error", resolve));
    expect(classifyDependencyError(wrapped(error))).toMatchObject({ cause: "connection-refused", code: "ECONNREFUSED" });
    // Node's "happy eyeballs" reports an AggregateError of every address tried.
    expect(classifyDependencyError(new AggregateError([error, error]))).toMatchObject({ cause: "connection-refused" });
  });

  it("names DNS failures, timeouts, resets, TLS and disk errors", () => {
    expect(classifyDependencyError(systemError("ENOTFOUND"))).toMatchObject({ cause: "dns", code: "ENOTFOUND" });
    expect(classifyDependencyError(systemError("EAI_AGAIN"))).toMatchObject({ cause: "dns" });
    expect(classifyDependencyError(new CheckTimeoutError(3000))).toMatchObject({ cause: "timeout", code: "CheckTimeout" });
    expect(classifyDependencyError(Object.assign(new Error("Socket timed out"), { name: "TimeoutError" }))).toMatchObject({ cause: "timeout" });
    expect(classifyDependencyError(systemError("ECONNRESET"))).toMatchObject({ cause: "connection-reset" });
    expect(classifyDependencyError(systemError("EHOSTUNREACH"))).toMatchObject({ cause: "unreachable" });
    expect(classifyDependencyError(systemError("CERT_HAS_EXPIRED"))).toMatchObject({ cause: "tls" });
    expect(classifyDependencyError(systemError("ENOSPC"))).toMatchObject({ cause: "disk-full" });
    expect(classifyDependencyError(systemError("EACCES"))).toMatchObject({ cause: "disk-permission" });
  });

  it("reads nodemailer's and Redis's own shapes", () => {
    // nodemailer replaces a socket error's code by ESOCKET and keeps the system one as originalCode.
    const smtpDown = Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET", originalCode: "ECONNREFUSED" });
    expect(classifyDependencyError(smtpDown)).toMatchObject({ cause: "connection-refused", code: "ECONNREFUSED" });
    const smtpLogin = Object.assign(new Error("Invalid login: 535 5.7.8 Authentication failed"), { code: "EAUTH", responseCode: 535 });
    expect(classifyDependencyError(smtpLogin)).toMatchObject({ cause: "auth", code: "EAUTH" });
    expect(classifyDependencyError(new Error("WRONGPASS invalid username-password pair or user is disabled."))).toMatchObject({
      cause: "auth",
      code: "WRONGPASS",
    });
  });

  it("falls back to 'error' with the error's code when nothing else fits", () => {
    expect(classifyDependencyError(Object.assign(new Error("bizarre"), { code: "EWHATEVER" }))).toMatchObject({ cause: "error", code: "EWHATEVER" });
    expect(classifyDependencyError("une chaîne")).toMatchObject({ cause: "error" });
  });
});
