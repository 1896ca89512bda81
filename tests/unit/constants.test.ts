import { describe, expect, it } from "vitest";
import { availableVideos } from "~/models/billing/prices";

describe("availableVideos", () => {
  it("is floor(credits / 20)", () => {
    expect(availableVideos(0)).toBe(0);
    expect(availableVideos(19.99)).toBe(0);
    expect(availableVideos(20)).toBe(1);
    expect(availableVideos(59.93)).toBe(2);
    expect(availableVideos(100)).toBe(5);
  });
});
