import { describe, expect, it } from "vitest";
import { judgeAddress } from "./address-policy";

describe("judgeAddress (SSRF, decision 0047)", () => {
  it.each([["8.8.8.8"], ["151.101.1.69"], ["2a00:1450:4007:80f::200e"], ["2606:4700::6810:84e5"]])(
    "lets a public address through: %s",
    (address) => {
      expect(judgeAddress(address)).toMatchObject({ allowed: true, range: "unicast" });
    },
  );

  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["169.254.0.1", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.254", "carrierGradeNat"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.10", "reserved"],
    ["198.18.0.1", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456:789a::1", "uniqueLocal"],
    ["ff02::1", "multicast"],
    ["64:ff9b::a00:1", "rfc6052"],
    ["2002:7f00:1::", "6to4"],
    ["2001:0:4136:e378::1", "teredo"],
    ["fec0::1", "deprecatedSiteLocal"],
  ])("refuses %s (%s) with a French reason", (address, range) => {
    const verdict = judgeAddress(address);
    expect(verdict.allowed).toBe(false);
    expect(verdict.range).toBe(range);
    expect(verdict.reason).toMatch(/refusée$/);
  });

  it.each([
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["[::ffff:192.168.0.1]", "private"],
  ])("judges an IPv4-mapped IPv6 address as its IPv4 address: %s", (address, range) => {
    expect(judgeAddress(address)).toMatchObject({ allowed: false, range });
  });

  it("lets a mapped public IPv4 address through", () => {
    expect(judgeAddress("::ffff:8.8.8.8")).toMatchObject({ allowed: true });
  });

  it("refuses what is not an address", () => {
    expect(judgeAddress("localhost")).toMatchObject({ allowed: false, range: "invalid" });
    expect(judgeAddress("0x7f.1")).toMatchObject({ allowed: false });
  });

  it("lets private addresses through only with the test-only setting", () => {
    expect(judgeAddress("127.0.0.1", true)).toMatchObject({ allowed: true, range: "loopback" });
    expect(judgeAddress("10.1.2.3", true)).toMatchObject({ allowed: true });
  });
});
