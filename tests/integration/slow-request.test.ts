// A client that sends its body a byte at a time must not hold a socket for minutes (issue 37
// §6): the whole request is bounded by REQUEST_TIMEOUT_SECONDS (default 120) and answered 408.
// The server every process listens with (server/http-server.ts, used by server/boot.ts), with
// a 2-second bound and a handler that reads the body as the routes do; a raw socket trickles it.
import net from "node:net";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/config.server";
import { createBoundedServer } from "../../server/http-server";

let server: Server;
let port = 0;

beforeAll(async () => {
  server = createBoundedServer(
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => res.end(`reçu ${Buffer.concat(chunks).length} octets`));
    },
    { requestTimeoutSeconds: 2 },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Sends the headers, then one byte of body every 200 ms; resolves with what the server answered and when. */
function trickle(): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ answer, ms: performance.now() - started });
    });
    socket.on("error", () => {});
    socket.once("connect", () => {
      socket.write(`POST /api/listings/x/report HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"reasonCode":"`);
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write("a");
      }, 200);
    });
    // Without a bound Node waits 300 s: fail well before that.
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`toujours ouvert après 15 s (reçu : ${JSON.stringify(answer)})`));
    }, 15_000).unref();
  });
}

describe(`slow request bodies (${process.env.TEST_DB_ENGINE})`, () => {
  it("a body trickled a byte at a time is cut at REQUEST_TIMEOUT_SECONDS with 408", async () => {
    const { answer, ms } = await trickle();
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeGreaterThanOrEqual(1_900);
    expect(ms).toBeLessThan(6_000);
  }, 30_000);

  it("REQUEST_TIMEOUT_SECONDS defaults to 120 and is a setting", () => {
    expect(loadConfig({ NODE_ENV: "production" }).REQUEST_TIMEOUT_SECONDS).toBe(120);
    expect(loadConfig({ NODE_ENV: "production", REQUEST_TIMEOUT_SECONDS: "30" }).REQUEST_TIMEOUT_SECONDS).toBe(30);
  });
});
