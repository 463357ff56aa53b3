import { describe, expect, it } from "vitest";
import { sniffImageType } from "./photo-upload.server";

const bytes = (...values: number[]) => Buffer.from(values);
const text = (value: string) => Buffer.from(value, "utf8");

function ftyp(major: string, ...compatible: string[]): Buffer {
  const box = Buffer.alloc(16 + compatible.length * 4);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${major}`, 4, "latin1");
  compatible.forEach((brand, i) => box.write(brand, 16 + i * 4, "latin1"));
  return Buffer.concat([box, Buffer.alloc(64)]);
}

describe("sniffImageType (magic bytes, never the file name)", () => {
  it.each([
    ["JPEG", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), "jpeg"],
    ["PNG", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), "png"],
    ["WebP", Buffer.concat([text("RIFF"), bytes(1, 2, 3, 4), text("WEBPVP8 ")]), "webp"],
    ["iPhone HEIC", ftyp("heic", "mif1", "heic"), "heic"],
    ["HEIC sequence", ftyp("hevc", "msf1"), "heic"],
    ["generic HEIF", ftyp("mif1", "miaf"), "heic"],
    ["AVIF", ftyp("avif", "mif1", "miaf"), "avif"],
    ["AVIF under a generic brand", ftyp("mif1", "avif"), "avif"],
    ["MP4 video", ftyp("isom", "mp41"), "unknown"],
    ["GIF", text("GIF89a\x01\x00"), "gif"],
    ["PDF", text("%PDF-1.7\n"), "pdf"],
    ["SVG", text('<svg xmlns="http://www.w3.org/2000/svg"/>'), "svg"],
    ["SVG with prolog and BOM", text('\uFEFF  <?xml version="1.0"?><!-- x --><svg/>'), "svg"],
    ["HTML", text("<!DOCTYPE html><html><body>photo.jpg</body></html>"), "unknown"],
    ["HTML with an inline SVG", text("<!DOCTYPE html><html><svg></svg></html>"), "unknown"],
    ["RIFF that is not WebP (WAV)", Buffer.concat([text("RIFF"), bytes(1, 2, 3, 4), text("WAVEfmt ")]), "unknown"],
    ["two bytes of a JPEG", bytes(0xff, 0xd8), "unknown"],
    ["nothing", Buffer.alloc(0), "unknown"],
  ])("%s → %s", (_name, buffer, expected) => {
    expect(sniffImageType(buffer)).toBe(expected);
  });

  it("reads a Uint8Array view at an offset", () => {
    const backing = Buffer.concat([Buffer.alloc(10, 0x41), bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)]);
    expect(sniffImageType(new Uint8Array(backing.buffer, backing.byteOffset + 10, 8))).toBe("png");
  });
});
