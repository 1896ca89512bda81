import { describe, expect, it } from "vitest";
import { messageParts } from "~/utils/message-links";

describe("messageParts", () => {
  it("links #order-{digits} to the order page", () => {
    expect(messageParts("See #order-42, thanks")).toEqual([
      { kind: "text", text: "See " },
      { kind: "order", text: "#order-42", href: "/custom-orders/42" },
      { kind: "text", text: ", thanks" },
    ]);
  });

  it("links project references through the caller's address", () => {
    const parts = messageParts("Look at #project-cabc and /canvas/cxyz now", (id) => `/messages?project=${id}`);
    expect(parts.filter((p) => p.kind === "project")).toEqual([
      { kind: "project", text: "#project-cabc", projectId: "cabc", href: "/messages?project=cabc" },
      { kind: "project", text: "/canvas/cxyz", projectId: "cxyz", href: "/messages?project=cxyz" },
    ]);
  });

  it("leaves look-alikes as text", () => {
    expect(messageParts("#order-x #order-12abc https://evil.example/canvas/x")).toEqual([
      { kind: "text", text: "#order-x #order-12abc https://evil.example/canvas/x" },
    ]);
  });

  it("keeps the whole text", () => {
    const text = "a #order-1 b #project-p1 c";
    expect(
      messageParts(text)
        .map((p) => p.text)
        .join(""),
    ).toBe(text);
  });
});
