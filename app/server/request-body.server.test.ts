import { describe, expect, it } from "vitest";
import { readMessageRequest } from "~/features/messages/message-request.server";
import { MALFORMED_BODY_MESSAGE, readFormData } from "./request-body.server";

const boundary = "----occazio37";
const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsen`;
const post = (type: string, body: string) => new Request("http://localhost/publish", { method: "POST", headers: { "content-type": type }, body });

/** What the action threw: React Router answers a thrown `data()` with its status, its data as the message. */
async function thrown(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { data?: unknown; init?: ResponseInit | null } | null;
  return { status: error?.init?.status, data: error?.data };
}

describe("readFormData (issue 37: no 500 from a body that is not a form)", () => {
  it("answers 400 with a French message for JSON, text, a truncated multipart body or a missing boundary", async () => {
    for (const [type, body] of [
      ["application/json", '{"intent":"delete"}'],
      ["text/plain", "intent=delete"],
      [`multipart/form-data; boundary=${boundary}`, truncated],
      ["multipart/form-data", truncated],
    ]) {
      expect(await thrown(readFormData(post(type!, body!))), type).toMatchObject({ status: 400, data: MALFORMED_BODY_MESSAGE });
    }
  });

  it("reads a real form", async () => {
    const form = await readFormData(post("application/x-www-form-urlencoded", "intent=delete&id=1"));
    expect(Object.fromEntries(form)).toEqual({ intent: "delete", id: "1" });
  });
});

describe("readMessageRequest", () => {
  it("refuses a truncated multipart message with an invalid-input AppError (400), not a TypeError", async () => {
    await expect(readMessageRequest(post(`multipart/form-data; boundary=${boundary}`, truncated))).rejects.toMatchObject({
      code: "invalid",
      message: MALFORMED_BODY_MESSAGE,
    });
  });
});
