import { describe, expect, it } from "vitest";
import { linkify } from "./linkify";

describe("linkify", () => {
  it("leaves plain text alone", () => {
    expect(linkify("Bonjour, le véhicule est-il disponible ?")).toEqual([
      { kind: "text", text: "Bonjour, le véhicule est-il disponible ?" },
    ]);
    expect(linkify("")).toEqual([]);
  });

  it("turns http(s) URLs into links, without the sentence's punctuation", () => {
    expect(linkify("Voir https://exemple.fr/annonce?id=3. Merci")).toEqual([
      { kind: "text", text: "Voir " },
      { kind: "link", text: "https://exemple.fr/annonce?id=3", href: "https://exemple.fr/annonce?id=3" },
      { kind: "text", text: ". Merci" },
    ]);
    expect(linkify("(http://exemple.fr)")).toEqual([
      { kind: "text", text: "(" },
      { kind: "link", text: "http://exemple.fr", href: "http://exemple.fr/" },
      { kind: "text", text: ")" },
    ]);
    expect(linkify("https://fr.wikipedia.org/wiki/Clio_(voiture)")[0]).toMatchObject({
      kind: "link",
      text: "https://fr.wikipedia.org/wiki/Clio_(voiture)",
    });
  });

  it("never links other schemes or markup", () => {
    for (const text of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "<a href=x>y</a>",
      "ftp://exemple.fr",
      "www.exemple.fr",
    ]) {
      expect(linkify(text).every((s) => s.kind === "text")).toBe(true);
    }
    const [, link] = linkify('x https://exemple.fr/"onmouseover="alert(1)');
    expect(link).toEqual({ kind: "link", text: "https://exemple.fr/", href: "https://exemple.fr/" });
  });
});
